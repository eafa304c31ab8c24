import type { FastifyInstance } from "fastify";
import {
  annotationId,
  updateAnnotationRequest,
  annotationListResponse,
  propertyId,
  type AnnotationListResponse,
} from "../../../shared/contracts/annotations.js";
import {
  createOnPropertiesRequest,
  type AnnotationCopiesResponse,
  type SetWriteResponse,
} from "../../../shared/contracts/annotation-sets.js";
import { parseInput } from "../../parse-input.js";
import { serializerSchema } from "../../http/serializer-schema.js";
import type { AnnotationsService } from "./annotations-service.js";
import { sessionRoute } from "../../http/identity.js";

interface PropertyParams {
  propertyId: string;
}
interface AnnotationParams extends PropertyParams {
  annotationId: string;
}

/** The property and annotation a route names, parsed at the edge. */
function annotationTarget(params: AnnotationParams): { property: string; id: string } {
  return {
    property: parseInput(propertyId, params.propertyId),
    id: parseInput(annotationId, params.annotationId),
  };
}
/**
 * The list answer's shape, from its contract, so Fastify writes it with a compiled serializer
 * instead of JSON.stringify: the list is the most frequent answer.
 */
export const annotationListSerializerSchema = serializerSchema(annotationListResponse);

export async function annotationsRoutes(
  app: FastifyInstance,
  deps: { annotations: AnnotationsService },
): Promise<void> {
  const { annotations } = deps;

  app.get<{ Params: PropertyParams }>(
    "/api/annotations/:propertyId",
    { ...sessionRoute, schema: { response: { 200: annotationListSerializerSchema } } },
    async (request): Promise<AnnotationListResponse> => {
      const user = await request.requireUser();
      return {
        reportingDataAnnotations: await annotations.list(
          user,
          parseInput(propertyId, request.params.propertyId),
        ),
      };
    },
  );

  // One annotation on several properties, and its copies changed together (decision 0058). Each
  // property is answered on its own, so the answer is 200 with every outcome, whatever they are.
  app.post("/api/annotation-sets", sessionRoute, async (request): Promise<SetWriteResponse> => {
    const user = await request.requireUser();
    return {
      outcomes: await annotations.createOnProperties(
        user,
        parseInput(createOnPropertiesRequest, request.body),
        "tidemark",
      ),
    };
  });

  app.get<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId/copies",
    sessionRoute,
    async (request): Promise<AnnotationCopiesResponse> => {
      const user = await request.requireUser();
      const { property, id } = annotationTarget(request.params);
      return { copies: await annotations.copies(user, property, id) };
    },
  );

  app.patch<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId/with-copies",
    sessionRoute,
    async (request): Promise<SetWriteResponse> => {
      const user = await request.requireUser();
      const { property, id } = annotationTarget(request.params);
      return {
        outcomes: await annotations.updateWithCopies(
          user,
          property,
          id,
          parseInput(updateAnnotationRequest, request.body),
          "tidemark",
        ),
      };
    },
  );

  app.delete<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId/with-copies",
    sessionRoute,
    async (request): Promise<SetWriteResponse> => {
      const user = await request.requireUser();
      const { property, id } = annotationTarget(request.params);
      return {
        outcomes: await annotations.removeWithCopies(user, property, id, "tidemark"),
      };
    },
  );
}

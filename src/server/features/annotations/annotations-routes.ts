import type { FastifyInstance } from "fastify";
import {
  annotationId,
  createAnnotationRequest,
  updateAnnotationRequest,
  annotationListResponse,
  propertyId,
  type AnnotationListResponse,
} from "../../../shared/contracts/annotations.js";
import type {
  AnnotationHistoryResponse,
  UndoChangeResponse,
} from "../../../shared/contracts/annotation-history.js";
import {
  undoChangeRequest,
  type AnnotationDeleteResponse,
} from "../../../shared/contracts/annotation-history.js";
import {
  createOnPropertiesRequest,
  type AnnotationCopiesResponse,
  type SetWriteResponse,
} from "../../../shared/contracts/annotation-sets.js";
import { z } from "zod";
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
interface ChangeParams extends PropertyParams {
  changeId: string;
}

/** A change's id, or "last": the person's last change on the property that can be undone. */
const changeIdParam = z.union([
  z.literal("last"),
  z.uuid({ message: "That is not a valid change ID" }),
]);

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

  // Bodies are parsed here against the shared contracts; the service checks them again, as the
  // one place the requests other callers build themselves also pass.
  app.post<{ Params: PropertyParams }>(
    "/api/annotations/:propertyId",
    sessionRoute,
    async (request, reply) => {
      const user = await request.requireUser();
      const property = parseInput(propertyId, request.params.propertyId);
      return reply
        .code(201)
        .send(
          await annotations.create(
            user,
            property,
            parseInput(createAnnotationRequest, request.body),
            "tidemark",
          ),
        );
    },
  );

  app.patch<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      const { property, id } = annotationTarget(request.params);
      return annotations.update(
        user,
        property,
        id,
        parseInput(updateAnnotationRequest, request.body),
        "tidemark",
      );
    },
  );

  app.delete<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      const { property, id } = annotationTarget(request.params);
      const { changeId } = await annotations.remove(user, property, id, "tidemark");
      return { deleted: true, changeId } satisfies AnnotationDeleteResponse;
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

  app.get<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId/history",
    sessionRoute,
    async (request): Promise<AnnotationHistoryResponse> => {
      const user = await request.requireUser();
      const { property, id } = annotationTarget(request.params);
      return { changes: await annotations.history(user, property, id) };
    },
  );

  app.post<{ Params: ChangeParams }>(
    "/api/annotations/:propertyId/changes/:changeId/undo",
    sessionRoute,
    async (request): Promise<UndoChangeResponse> => {
      const user = await request.requireUser();
      const property = parseInput(propertyId, request.params.propertyId);
      const change = parseInput(changeIdParam, request.params.changeId);
      return annotations.undo(
        user,
        property,
        change === "last" ? null : change,
        parseInput(undoChangeRequest, request.body ?? {}),
        "tidemark",
      );
    },
  );
}

import type { FastifyInstance } from "fastify";
import {
  annotationId,
  createAnnotationRequest,
  propertyId,
  updateAnnotationRequest,
  type AnnotationListResponse,
} from "../../../shared/contracts/annotations.js";
import { parseBody } from "../../http/parse-body.js";
import type { AnnotationsService } from "./annotations-service.js";

interface PropertyParams {
  propertyId: string;
}
interface AnnotationParams extends PropertyParams {
  annotationId: string;
}

export async function annotationsRoutes(app: FastifyInstance, deps: { annotations: AnnotationsService }): Promise<void> {
  const { annotations } = deps;

  app.get<{ Params: PropertyParams }>("/api/annotations/:propertyId", async (request): Promise<AnnotationListResponse> => {
    const user = await request.requireUser();
    return { reportingDataAnnotations: await annotations.list(user, parseBody(propertyId, request.params.propertyId)) };
  });

  app.post<{ Params: PropertyParams }>("/api/annotations/:propertyId", async (request, reply) => {
    const user = await request.requireUser();
    const property = parseBody(propertyId, request.params.propertyId);
    const input = parseBody(createAnnotationRequest, request.body);
    return reply.code(201).send(await annotations.create(user, property, input));
  });

  app.patch<{ Params: AnnotationParams }>("/api/annotations/:propertyId/:annotationId", async (request) => {
    const user = await request.requireUser();
    const property = parseBody(propertyId, request.params.propertyId);
    const id = parseBody(annotationId, request.params.annotationId);
    return annotations.update(user, property, id, parseBody(updateAnnotationRequest, request.body));
  });

  app.delete<{ Params: AnnotationParams }>("/api/annotations/:propertyId/:annotationId", async (request) => {
    const user = await request.requireUser();
    const property = parseBody(propertyId, request.params.propertyId);
    const id = parseBody(annotationId, request.params.annotationId);
    await annotations.remove(user, property, id);
    return { deleted: true };
  });
}

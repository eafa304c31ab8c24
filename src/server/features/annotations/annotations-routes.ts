import type { FastifyInstance } from "fastify";
import {
  annotationId,
  propertyId,
  type Annotation,
  type AnnotationListResponse,
} from "../../../shared/contracts/annotations.js";
import { parseInput } from "../../http/parse-input.js";
import type { AnnotationsService } from "./annotations-service.js";

interface PropertyParams {
  propertyId: string;
}
interface AnnotationParams extends PropertyParams {
  annotationId: string;
}

const calendarDateJson = {
  type: "object",
  properties: { year: { type: "integer" }, month: { type: "integer" }, day: { type: "integer" } },
  required: ["year", "month", "day"],
} as const;

/**
 * The list answer's shape, so Fastify serializes it with a compiled serializer instead of
 * JSON.stringify (the list is the most frequent answer). It must name every field of Annotation,
 * which the `satisfies` below checks.
 */
const annotationListJson = {
  type: "object",
  properties: {
    reportingDataAnnotations: {
      type: "array",
      items: {
        type: "object",
        properties: {
          annotationId: { type: "string" },
          name: { type: "string" },
          title: { type: "string" },
          description: { type: "string" },
          annotationDate: calendarDateJson,
          annotationDateRange: {
            type: "object",
            properties: { startDate: calendarDateJson, endDate: calendarDateJson },
            required: ["startDate", "endDate"],
          },
          color: { type: "string" },
          dateAdded: { type: ["string", "null"] },
          categoryId: { type: ["string", "null"] },
          systemGenerated: { type: "boolean" },
        } satisfies Record<keyof Annotation, unknown>,
        required: [
          "annotationId",
          "name",
          "title",
          "description",
          "annotationDate",
          "color",
          "dateAdded",
          "categoryId",
          "systemGenerated",
        ],
      },
    },
  },
  required: ["reportingDataAnnotations"],
} as const;

export async function annotationsRoutes(
  app: FastifyInstance,
  deps: { annotations: AnnotationsService },
): Promise<void> {
  const { annotations } = deps;

  app.get<{ Params: PropertyParams }>(
    "/api/annotations/:propertyId",
    { schema: { response: { 200: annotationListJson } } },
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

  // Bodies are checked by the service against the shared contracts (it serves the assistant too).
  app.post<{ Params: PropertyParams }>("/api/annotations/:propertyId", async (request, reply) => {
    const user = await request.requireUser();
    const property = parseInput(propertyId, request.params.propertyId);
    return reply.code(201).send(await annotations.create(user, property, request.body));
  });

  app.patch<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId",
    async (request) => {
      const user = await request.requireUser();
      const property = parseInput(propertyId, request.params.propertyId);
      const id = parseInput(annotationId, request.params.annotationId);
      return annotations.update(user, property, id, request.body);
    },
  );

  app.delete<{ Params: AnnotationParams }>(
    "/api/annotations/:propertyId/:annotationId",
    async (request) => {
      const user = await request.requireUser();
      const property = parseInput(propertyId, request.params.propertyId);
      const id = parseInput(annotationId, request.params.annotationId);
      await annotations.remove(user, property, id);
      return { deleted: true };
    },
  );
}

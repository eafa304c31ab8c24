import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures.js";
import type { User } from "../../db/schema/index.js";
import type { AnnotationsService } from "./annotations-service.js";
import { annotationsRoutes } from "./annotations-routes.js";

describe("the annotation list route", () => {
  it("answers through a serializer compiled from the contract, dropping nothing it declares", async () => {
    const listed = [
      anAnnotation({
        annotationId: "made-here",
        source: "tidemark",
        dateAdded: "2026-11-21T10:00:00.000Z",
      }),
      anAnnotation({
        annotationId: "range",
        categoryId: "8f6c2a51-1f4e-4b7a-9c1d-2e3f4a5b6c7d",
        source: "assistant",
        dateAdded: "2026-11-22T08:30:00.000Z",
        annotationDateRange: {
          startDate: { year: 2026, month: 11, day: 20 },
          endDate: { year: 2026, month: 11, day: 27 },
        },
      }),
      anAnnotation({ annotationId: "by-google", color: "ORANGE", systemGenerated: true }),
      anAnnotation({
        annotationId: "before-sources",
        source: null,
        description: 'A "quoted" line',
      }),
    ];
    const annotations = {
      list: async () => listed,
    } as unknown as AnnotationsService;
    const app = Fastify();
    app.decorateRequest("requireUser", async () => ({ id: "u1" }) as User);
    let compiled: unknown;
    app.addHook("preSerialization", async (_request, reply, payload) => {
      compiled = reply.getSerializationFunction("200");
      return payload;
    });
    await app.register(annotationsRoutes, { annotations });

    const response = await app.inject({ method: "GET", url: "/api/annotations/123" });
    await app.close();

    expect(response.statusCode).toBe(200);
    expect(compiled).toEqual(expect.any(Function));
    expect(response.json()).toEqual({ reportingDataAnnotations: listed });
  });
});

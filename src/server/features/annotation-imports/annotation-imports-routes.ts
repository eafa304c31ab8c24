import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  importMaxBytes,
  importMessages,
  importPreviewRequest,
  startImportRequest,
} from "../../../shared/contracts/annotation-import.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { AnnotationImportsService } from "./annotation-imports-service.js";

const importId = z.uuid({ message: importMessages.notFound });

/**
 * A file of the largest size, sent as JSON: quotes and line breaks are escaped (two characters
 * each), so the body may be up to twice the file. The file's own limit is checked on its bytes.
 */
const uploadBodyLimit = 2 * importMaxBytes + 64 * 1024;

/** CSV imports of annotations, for the signed-in person (the import page). */
export async function annotationImportsRoutes(
  app: FastifyInstance,
  deps: { imports: AnnotationImportsService },
): Promise<void> {
  const { imports } = deps;

  app.post(
    "/api/annotation-imports/preview",
    { ...sessionRoute, bodyLimit: uploadBodyLimit },
    async (request) => {
      const user = await request.requireUser();
      return imports.preview(user, parseInput(importPreviewRequest, request.body));
    },
  );

  app.post(
    "/api/annotation-imports",
    { ...sessionRoute, bodyLimit: uploadBodyLimit },
    async (request, reply) => {
      const user = await request.requireUser();
      const started = await imports.start(user, parseInput(startImportRequest, request.body));
      return reply.code(202).send(started);
    },
  );

  app.get("/api/annotation-imports", sessionRoute, async (request) => {
    return imports.list(await request.requireUser());
  });

  app.get<{ Params: { id: string } }>(
    "/api/annotation-imports/:id",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      return imports.status(user, parseInput(importId, request.params.id));
    },
  );

  app.post<{ Params: { id: string } }>(
    "/api/annotation-imports/:id/resume",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      return imports.resume(user, parseInput(importId, request.params.id));
    },
  );
}

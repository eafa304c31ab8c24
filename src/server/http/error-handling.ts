import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError, type ErrorBody } from "./http-error.js";

const internalErrorMessage = "Something went wrong on our side. Please try again.";

/** Maps every failure to one JSON shape, `{ error, code? }`, in one place. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError | Error>((error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ error: error.message, code: error.code } satisfies ErrorBody);
    }
    const statusCode =
      "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported type) carry safe messages.
      const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
      return reply.code(statusCode).send({ error: error.message, code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ error: internalErrorMessage } satisfies ErrorBody);
  });
}

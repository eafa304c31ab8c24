import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { loggableUrl } from "./log-redaction.js";

/**
 * One line per request, written when its answer is sent, instead of Fastify's two (incoming and
 * completed) that pino-pretty spreads over a dozen lines: a terminal stays readable, and the
 * lines that matter (a sign-in link, a warning) stand out. JSON logs carry the same facts as
 * fields. A balancer's health checks, every few seconds, are logged at debug only. The address is
 * written as the redaction rule allows (`loggableUrl`): never a secret from its path or query.
 */
export class OneLineRequestLog extends LogController {
  constructor(private readonly options: { structured: boolean }) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const url = loggableUrl(request);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${url} ${status} ${ms} ms`;
    const level = error ? "error" : url === "/api/health" && status === 200 ? "debug" : "info";
    const fields = { method: request.method, url, status, ms, remoteAddress: request.ip };
    if (this.options.structured)
      reply.log[level]({ ...fields, ...(error ? { err: error } : {}) }, line);
    else if (error) reply.log[level]({ err: error }, line);
    else reply.log[level](line);
  }
}

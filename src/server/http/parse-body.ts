import type { z } from "zod";
import { HttpError } from "./http-error.js";

/** Validates a request body against its shared contract; the first problem becomes a 400. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(400, issue?.message ?? "The request is not valid.", "invalid_request");
}

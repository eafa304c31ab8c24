import type { z } from "zod";
import { AppError } from "./app-error.js";

/**
 * Validates input (a body, a path parameter, an assistant tool call) against its shared contract.
 * A refusal says the first problem in its sentence and lists every invalid field in `fields`, so
 * a caller fixes them all at once rather than one per round trip.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // zod's own wording for a body that is not an object ("Invalid input: expected object,
  // received array") means nothing to a person; say it the way the other contracts do.
  if (issue?.code === "invalid_type" && issue.path.length === 0 && issue.expected === "object")
    throw new AppError("invalid_request", "The request must be a JSON object");
  const fields = result.error.issues.slice(0, 50).map((problem) => ({
    path: problem.path.map(String).join(".") || "(body)",
    message: problem.message,
  }));
  throw new AppError("invalid_request", issue?.message ?? "The request is not valid.", {
    fields,
  });
}

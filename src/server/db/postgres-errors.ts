/** SQLSTATE codes the app reacts to; both drivers report them, Drizzle on the error's cause. */
export const postgresErrorCodes = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
} as const;

type PostgresErrorCode = (typeof postgresErrorCodes)[keyof typeof postgresErrorCodes];

/** Whether `error` (or the driver error Drizzle wrapped) is a violation of `code`, optionally of one named constraint. */
export function isPostgresError(
  error: unknown,
  code: PostgresErrorCode,
  constraint?: string,
): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === code) {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}

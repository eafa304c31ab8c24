import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import type { AppConfig } from "./env.js";
import { loggableUrl, type LoggableRequest } from "./http/log-redaction.js";

/** Paths whose values must never reach a log line: credentials and session material. */
const redactedPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.access_token",
  "*.refresh_token",
  "*.id_token",
  "*.accessToken",
  "*.refreshToken",
];

interface LoggedRequest extends LoggableRequest {
  method?: string;
  ip?: string;
}

/** "insert into chat_messages", "select … from sessions": what a query is, without its values. */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, " ").trim();
  const command = /^(with|select|insert into|update|delete from)\b/i.exec(text)?.[1]?.toLowerCase();
  if (!command) return "sql";
  const table = /\b(?:into|update|from)\s+"?([\w.]+)"?/i.exec(text)?.[1];
  return table ? `${command} ${table}` : command;
}

/**
 * Errors are logged with their type, message and stack — except database errors, whose text
 * can carry the query's values (a chat message, an email address): those are logged with the
 * database's error code and the statement's name only.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: describeThrown(error) };
  const query = (error as { query?: unknown }).query;
  const database = databaseCauseOf(error);
  if (typeof query === "string" || database) {
    return {
      type: error.name,
      message: "Database query failed",
      ...(database?.code ? { code: database.code } : {}),
      ...(typeof query === "string" ? { statement: statementName(query) } : {}),
    };
  }
  const code: unknown = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === "string" ? { code } : {}),
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  };
}

/**
 * Something thrown that is not an Error, as text. String() throws for an object without a
 * prototype or with a throwing toString, and a logger that throws would turn the error handler's
 * own answer into Fastify's default one, which carries the error's message.
 */
function describeThrown(value: unknown): string {
  try {
    return String(value);
  } catch {
    try {
      return JSON.stringify(value) ?? typeof value;
    } catch {
      return typeof value;
    }
  }
}

/** A PostgreSQL error (pg or PGlite) at the error or its cause: a five-character SQLSTATE code. */
function databaseCauseOf(error: Error): { code: string } | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && "severity" in (current as object))
      return { code };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function createLogger(
  config: Pick<AppConfig, "logLevel" | "logFormat">,
  /** Where JSON lines go (standard output unless a test captures them). */
  destination?: pino.DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: {
      err: serializeError,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request),
        remoteAddress: request.ip,
      }),
    },
  };
  // pino-pretty as a stream rather than a transport: no worker thread, so start-up stays cheap.
  return config.logFormat === "pretty"
    ? pino(
        options,
        pretty({
          colorize: process.stdout.isTTY,
          translateTime: "HH:MM:ss",
          // A log record is one line in the terminal, its fields after the message.
          singleLine: true,
          ignore: "pid,hostname",
        }),
      )
    : destination
      ? pino(options, destination)
      : pino(options);
}

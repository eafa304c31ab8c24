import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import type { AppConfig } from "./env.js";

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

/** One-time secrets travel in some query strings (OAuth codes, sign-in link tokens, state). */
const secretQueryParameters =
  /([?&](?:code|token|state|code_verifier|id_token|access_token|refresh_token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretQueryParameters, "$1[redacted]");
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

export function createLogger(config: Pick<AppConfig, "logLevel" | "logFormat">): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url ?? ""),
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
          ignore: "pid,hostname",
        }),
      )
    : pino(options);
}

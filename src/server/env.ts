import path from "node:path";
import { z } from "zod";

/**
 * The one place that reads process.env. Everything else receives a typed AppConfig,
 * which lets tests build the app with any configuration they need.
 */
const portSchema = z.coerce
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: portSchema.default(5000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  SERVE_WEB: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("true")
    .transform((value) => value === "true"),
});

export interface AppConfig {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** Absolute path of the folder that holds the embedded database and other local state. */
  dataDir: string;
  /** Set when the app runs on an external PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  logLevel: string;
  logFormat: "pretty" | "json";
  /** Serve the built web app from dist/web; off under `npm run dev`, where Vite serves it. */
  serveWeb: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join(".") ?? "environment";
    const received = env[variable];
    // Echo the bad value to help the operator, unless it may hold a credential.
    const showValue = received !== undefined && !/URL|SECRET|KEY|PASSWORD|TOKEN/.test(variable);
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}` + (showValue ? ` (got "${received}")` : ""),
    );
  }
  const values = parsed.data;
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (values.NODE_ENV === "production" ? "json" : "pretty"),
    serveWeb: values.SERVE_WEB,
  };
}

/** An empty variable (`PORT=`) means "not set", as in most deployment tools. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""),
  );
}

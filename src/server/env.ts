import path from "node:path";
import { z } from "zod";
import { premiumAssistantFairUse } from "../shared/plans.js";

/**
 * The one place that reads process.env. Everything else receives a typed AppConfig,
 * which lets tests build the app with any configuration they need.
 */
const portSchema = z.coerce
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const positiveCount = z.coerce
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be at least 1");

/** A comma- or space-separated list of email addresses, compared case-insensitively. */
function emailList(raw: string | undefined, fallback: string[]): string[] {
  if (raw === undefined) return fallback;
  return raw
    .split(/[\s,]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).optional(),
  PORT: portSchema.default(5000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  APP_URL: z.url({ message: "must be a full URL such as https://tidemark.example.com" }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SANDBOX_PORT: portSchema.default(5050),
  SANDBOX_URL: z
    .url({ message: "must be a full URL such as http://localhost:5050" })
    .regex(/^https?:\/\//, "must be an http:// or https:// URL")
    .optional(),
  SANDBOX_CONTROL: z.enum(["on", "off"], { message: "must be on or off" }).default("off"),
  ALLOW_SANDBOX_IN_PRODUCTION: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, "base64").length === 32,
      "must be 32 bytes in base64 (openssl rand -base64 32)",
    )
    .optional(),
  PREMIUM_TESTER_EMAILS: z.string().optional(),
  AUDIT_BETA_EMAILS: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Tidemark <no-reply@tidemark.local>"),
  RATE_LIMIT_LOOKUPS_PER_MINUTE: positiveCount.default(20),
  RATE_LIMIT_SIGN_IN_LINKS_PER_15_MINUTES: positiveCount.default(5),
  RATE_LIMIT_SIGN_IN_LINKS_PER_CLIENT_PER_HOUR: positiveCount.default(10),
  RATE_LIMIT_SIGN_IN_STARTS_PER_MINUTE: positiveCount.default(60),
  RATE_LIMIT_SIGN_IN_LINKS_TOTAL_PER_HOUR: positiveCount.default(500),
  RATE_LIMIT_LOOKUPS_TOTAL_PER_HOUR: positiveCount.default(2000),
  RATE_LIMIT_ACCOUNT_EXPORTS_PER_HOUR: positiveCount.default(10),
  RATE_LIMIT_ACCOUNT_DELETIONS_PER_HOUR: positiveCount.default(10),
  RATE_LIMIT_API_REQUESTS_PER_MINUTE: positiveCount.default(120),
  LLM_PROVIDER: z
    .enum(["offline", "openai", "anthropic", "google", "openai-compatible"], {
      message: "must be offline, openai, anthropic, google or openai-compatible",
    })
    .optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_BASE_URL: z
    .url({ message: "must be a full URL such as http://127.0.0.1:11434/v1" })
    .optional(),
  LLM_TIMEOUT_MS: positiveCount.default(30_000),
  ASSISTANT_DAILY_MESSAGE_LIMIT: positiveCount.default(30),
  ASSISTANT_PREMIUM_DAILY_MESSAGE_LIMIT: positiveCount.default(
    premiumAssistantFairUse.messagesPerDay,
  ),
  ASSISTANT_PREMIUM_MESSAGES_PER_MINUTE: positiveCount.default(
    premiumAssistantFairUse.messagesPerMinute,
  ),
  TRUST_PROXY: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 60")
    .max(60, "must be between 0 and 60")
    .optional(),
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
  /** The public address people reach the app at; sign-in links and OAuth redirects are built from it. */
  appUrl: string;
  google: GoogleConfig;
  /**
   * Signs session cookies. Required in production (every instance must share it); elsewhere one
   * is generated once and kept in the data folder when unset.
   */
  sessionSecret: string | undefined;
  /**
   * AES-256-GCM key (base64) for Google tokens at rest. Required in production; elsewhere one is
   * generated once and kept in the data folder when unset.
   */
  tokenEncryptionKey: string | undefined;
  /** People who may choose Premium while it is not for sale yet. */
  premiumTesterEmails: string[];
  /** People who may also use the AI audit (private beta); they may choose Premium too. */
  auditBetaEmails: string[];
  /** Outgoing mail for sign-in links; without it the link is written to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The assistant's language model; "offline" is the built-in deterministic engine. */
  llm: LlmConfig;
  /** Free-plan assistant messages per UTC day ("basic AI"). */
  assistantDailyMessageLimit: number;
  /** Premium's assistant ceilings (fair use), per minute and per UTC day. */
  premiumAssistantFairUse: { messagesPerMinute: number; messagesPerDay: number };
  /** Read the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /**
   * On SIGTERM, how long the instance keeps serving while its health check already says it is
   * going, so that a load balancer stops sending it requests before it closes.
   */
  shutdownDrainMs: number;
  rateLimits: {
    lookupsPerMinute: number;
    signInLinksPer15Minutes: number;
    /** Sign-in links one client address may ask for, whatever the addresses they go to. */
    signInLinksPerClientPerHour: number;
    signInStartsPerMinute: number;
    /**
     * Ceilings over all clients together, for when many addresses (a botnet, one network's many
     * IPv6 /64s) each stay under their own limit: how many sign-in links are mailed, and how many
     * "does this account exist?" answers are given, in an hour.
     */
    signInLinksTotalPerHour: number;
    lookupsTotalPerHour: number;
    /** Account exports one person may ask for; each builds a file of everything they have. */
    accountExportsPerHour: number;
    /** Account deletion attempts one person may make (a wrong confirmation counts too). */
    accountDeletionsPerHour: number;
    /** REST API requests one personal access token may make in a minute. */
    apiRequestsPerMinute: number;
  };
}

/**
 * Real Google when an OAuth client is configured; otherwise the built-in sandbox, which the
 * product starts on its own port so that it is a different origin, as Google is.
 */
export type GoogleConfig =
  | { mode: "google"; clientId: string; clientSecret: string }
  | {
      mode: "sandbox";
      sandboxPort: number;
      /**
       * An already running sandbox (`npm run sandbox`) to use instead of starting one, so that
       * several instances on one database share one simulated Google.
       */
      sandboxUrl?: string;
      faultControl: boolean;
      /** Production on the sandbox, for a demo: allowed only by ALLOW_SANDBOX_IN_PRODUCTION=true. */
      demo?: boolean;
    };

export type LlmConfig =
  | { provider: "offline" }
  | {
      provider: "openai" | "anthropic" | "google" | "openai-compatible";
      model: string;
      apiKey: string | undefined;
      baseUrl: string | undefined;
      timeoutMs: number;
    };

/** Sensible default models per provider, used when LLM_MODEL is not set. */
const defaultModels = {
  openai: "gpt-4o-mini",
  anthropic: "claude-3-5-haiku-latest",
  google: "gemini-2.0-flash",
} as const;

function llmConfig(values: {
  LLM_PROVIDER?: LlmConfig["provider"];
  LLM_MODEL?: string;
  LLM_API_KEY?: string;
  LLM_BASE_URL?: string;
  LLM_TIMEOUT_MS: number;
}): LlmConfig {
  const provider = values.LLM_PROVIDER ?? "offline";
  if (provider === "offline") return { provider };
  if (provider === "openai-compatible") {
    if (!values.LLM_BASE_URL)
      throw new ConfigError(
        "Invalid configuration: LLM_BASE_URL is required for LLM_PROVIDER=openai-compatible",
      );
    if (!values.LLM_MODEL)
      throw new ConfigError(
        "Invalid configuration: LLM_MODEL is required for LLM_PROVIDER=openai-compatible",
      );
  } else if (!values.LLM_API_KEY) {
    throw new ConfigError(
      `Invalid configuration: LLM_API_KEY is required for LLM_PROVIDER=${provider}`,
    );
  }
  return {
    provider,
    model: values.LLM_MODEL ?? defaultModels[provider as keyof typeof defaultModels],
    apiKey: values.LLM_API_KEY,
    baseUrl: values.LLM_BASE_URL,
    timeoutMs: values.LLM_TIMEOUT_MS,
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type EnvValues = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const values = parseEnv(env);
  requireProductionSettings(values);
  const sandboxDefaults = !values.GOOGLE_CLIENT_ID && values.NODE_ENV !== "production";
  return {
    nodeEnv: values.NODE_ENV,
    // Production listens on every interface (behind its balancer, in its container); elsewhere only
    // this machine can reach it unless asked, since development serves sign-in links locally.
    host: values.HOST ?? (values.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (values.NODE_ENV === "production" ? "json" : "pretty"),
    serveWeb: values.SERVE_WEB,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    google: googleConfig(values),
    sessionSecret: values.SESSION_SECRET,
    tokenEncryptionKey: values.TOKEN_ENCRYPTION_KEY,
    // On a sandbox for trying Tidemark, a newcomer can try Premium and the audit with these
    // documented addresses; production (even a sandbox demo) lists its testers explicitly.
    premiumTesterEmails: emailList(
      values.PREMIUM_TESTER_EMAILS,
      sandboxDefaults ? ["tester1@example.com", "tester2@example.com"] : [],
    ),
    auditBetaEmails: emailList(
      values.AUDIT_BETA_EMAILS,
      sandboxDefaults ? ["auditor@example.com"] : [],
    ),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    llm: llmConfig(values),
    assistantDailyMessageLimit: values.ASSISTANT_DAILY_MESSAGE_LIMIT,
    premiumAssistantFairUse: {
      messagesPerMinute: values.ASSISTANT_PREMIUM_MESSAGES_PER_MINUTE,
      messagesPerDay: values.ASSISTANT_PREMIUM_DAILY_MESSAGE_LIMIT,
    },
    // Off unless set: trusting X-Forwarded-For without a proxy in front would let clients pick their address.
    trustProxy: values.TRUST_PROXY === "true",
    // Behind a balancer (the only reason to trust its headers), give it time to notice; alone,
    // nobody else would send the requests, so there is nothing to wait for.
    shutdownDrainMs:
      (values.SHUTDOWN_DRAIN_SECONDS ?? (values.TRUST_PROXY === "true" ? 5 : 0)) * 1000,
    rateLimits: rateLimits(values),
  };
}

function parseEnv(env: NodeJS.ProcessEnv): EnvValues {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = issue?.path.join(".") ?? "environment";
  const received = env[variable];
  // Echo the bad value to help the operator, unless it may hold a credential.
  const showValue = received !== undefined && !/URL|SECRET|KEY|PASSWORD|TOKEN/.test(variable);
  throw new ConfigError(
    `Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}` +
      (showValue ? ` (got "${received}")` : ""),
  );
}

function requireProductionSettings(values: EnvValues): void {
  if (values.NODE_ENV === "production" && !values.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration: SESSION_SECRET is required in production (at least 32 characters)",
    );
  }
  if (values.NODE_ENV === "production" && !values.TOKEN_ENCRYPTION_KEY) {
    throw new ConfigError(
      "Invalid configuration: TOKEN_ENCRYPTION_KEY is required in production (openssl rand -base64 32)",
    );
  }
  if (values.NODE_ENV === "production" && !values.SMTP_URL) {
    // Without mail, sign-in links would have to be written to the log, where anyone who reads
    // the logs could sign in as anyone.
    throw new ConfigError(
      "Invalid configuration: SMTP_URL is required in production (sign-in links are mailed, never logged)",
    );
  }
  if (
    values.NODE_ENV === "production" &&
    !values.GOOGLE_CLIENT_ID &&
    !values.ALLOW_SANDBOX_IN_PRODUCTION
  ) {
    throw new ConfigError(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required in production (or ALLOW_SANDBOX_IN_PRODUCTION=true for a demo on the simulated Google)",
    );
  }
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    const missing = values.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too (both Google OAuth values, or neither for the sandbox)`,
    );
  }
}

function googleConfig(values: EnvValues): GoogleConfig {
  return values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
    ? {
        mode: "google",
        clientId: values.GOOGLE_CLIENT_ID,
        clientSecret: values.GOOGLE_CLIENT_SECRET,
      }
    : {
        mode: "sandbox",
        sandboxPort: values.SANDBOX_PORT,
        ...(values.SANDBOX_URL ? { sandboxUrl: values.SANDBOX_URL.replace(/\/+$/, "") } : {}),
        faultControl: values.SANDBOX_CONTROL === "on",
        ...(values.NODE_ENV === "production" ? { demo: true } : {}),
      };
}

function rateLimits(values: EnvValues): AppConfig["rateLimits"] {
  return {
    lookupsPerMinute: values.RATE_LIMIT_LOOKUPS_PER_MINUTE,
    signInLinksPer15Minutes: values.RATE_LIMIT_SIGN_IN_LINKS_PER_15_MINUTES,
    signInLinksPerClientPerHour: values.RATE_LIMIT_SIGN_IN_LINKS_PER_CLIENT_PER_HOUR,
    signInStartsPerMinute: values.RATE_LIMIT_SIGN_IN_STARTS_PER_MINUTE,
    signInLinksTotalPerHour: values.RATE_LIMIT_SIGN_IN_LINKS_TOTAL_PER_HOUR,
    lookupsTotalPerHour: values.RATE_LIMIT_LOOKUPS_TOTAL_PER_HOUR,
    accountExportsPerHour: values.RATE_LIMIT_ACCOUNT_EXPORTS_PER_HOUR,
    accountDeletionsPerHour: values.RATE_LIMIT_ACCOUNT_DELETIONS_PER_HOUR,
    apiRequestsPerMinute: values.RATE_LIMIT_API_REQUESTS_PER_MINUTE,
  };
}

/** An empty variable (`PORT=`) means "not set", as in most deployment tools. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "",
    ),
  );
}

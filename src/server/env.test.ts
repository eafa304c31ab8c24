import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.js";

describe("loadConfig", () => {
  it("needs nothing to run on this machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 5000,
      databaseUrl: undefined,
      logFormat: "pretty",
      serveWeb: true,
    });
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("logs JSON in production and honours PORT, DATA_DIR and DATABASE_URL", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
      PORT: "8080",
      DATA_DIR: "/var/lib/tidemark",
      DATABASE_URL: "postgres://app@db:5432/tidemark",
      SMTP_URL: "smtp://mail.example.com:587",
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/var/lib/tidemark",
      databaseUrl: "postgres://app@db:5432/tidemark",
      logFormat: "json",
    });
  });

  it("uses the sandbox unless a Google OAuth client is configured", () => {
    expect(loadConfig({}).google).toEqual({
      mode: "sandbox",
      sandboxPort: 5050,
      faultControl: false,
    });
    expect(loadConfig({ SANDBOX_PORT: "6060", SANDBOX_CONTROL: "on" }).google).toEqual({
      mode: "sandbox",
      sandboxPort: 6060,
      faultControl: true,
    });
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: "id.apps", GOOGLE_CLIENT_SECRET: "s3cret" }).google,
    ).toEqual({
      mode: "google",
      clientId: "id.apps",
      clientSecret: "s3cret",
    });
  });

  it("listens on this machine only, unless in production or told otherwise", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(
      loadConfig({
        NODE_ENV: "production",
        SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
        TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
        SMTP_URL: "smtp://mail.example.com:587",
        GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
        GOOGLE_CLIENT_SECRET: "secret",
      }).host,
    ).toBe("0.0.0.0");
  });

  it("uses an already running sandbox when SANDBOX_URL names one", () => {
    expect(loadConfig({ SANDBOX_URL: "http://localhost:5050/" }).google).toEqual({
      mode: "sandbox",
      sandboxPort: 5050,
      sandboxUrl: "http://localhost:5050",
      faultControl: false,
    });
    expect(() => loadConfig({ SANDBOX_URL: "localhost:5050" })).toThrowError(/SANDBOX_URL/);
    expect(() => loadConfig({ SANDBOX_URL: "ftp://localhost:5050" })).toThrowError(
      /SANDBOX_URL must be an http/,
    );
  });

  it("drains for 5 s before stopping behind a load balancer, and not at all alone", () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "true" }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ TRUST_PROXY: "true", SHUTDOWN_DRAIN_SECONDS: "12" }).shutdownDrainMs).toBe(
      12_000,
    );
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: "0", TRUST_PROXY: "true" }).shutdownDrainMs).toBe(
      0,
    );
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: "90" })).toThrowError(
      "Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be between 0 and 60",
    );
  });

  it("refuses half a Google OAuth client", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id.apps" })).toThrowError(
      "Invalid configuration: GOOGLE_CLIENT_SECRET must be set too",
    );
  });

  it("builds the public address from PORT unless APP_URL is given", () => {
    expect(loadConfig({ PORT: "5123" }).appUrl).toBe("http://localhost:5123");
    expect(loadConfig({ APP_URL: "https://tidemark.example.com/" }).appUrl).toBe(
      "https://tidemark.example.com",
    );
    expect(() => loadConfig({ APP_URL: "not a url" })).toThrowError(
      /^Invalid configuration: APP_URL must be a full URL/,
    );
  });

  it("requires a session secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrowError(
      "Invalid configuration: SESSION_SECRET is required in production",
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
      }),
    ).toThrowError("Invalid configuration: TOKEN_ENCRYPTION_KEY is required in production");
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: "c2hvcnQ=" })).toThrowError(
      "Invalid configuration: TOKEN_ENCRYPTION_KEY must be 32 bytes in base64",
    );
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrowError(
      "Invalid configuration: SESSION_SECRET must be at least 32 characters",
    );
  });

  it("gives the documented testers Premium access in sandbox mode only", () => {
    expect(loadConfig({})).toMatchObject({
      premiumTesterEmails: ["tester1@example.com", "tester2@example.com"],
      auditBetaEmails: ["auditor@example.com"],
    });
    const withGoogle = loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(withGoogle).toMatchObject({ premiumTesterEmails: [], auditBetaEmails: [] });
    expect(
      loadConfig({ PREMIUM_TESTER_EMAILS: " A@x.com, b@y.com ", AUDIT_BETA_EMAILS: "" })
        .premiumTesterEmails,
    ).toEqual(["a@x.com", "b@y.com"]);
  });

  it("reads every rate limit, account export and deletion included", () => {
    expect(loadConfig({}).rateLimits).toEqual({
      lookupsPerMinute: 20,
      signInLinksPer15Minutes: 5,
      signInLinksPerClientPerHour: 10,
      signInStartsPerMinute: 60,
      signInLinksTotalPerHour: 500,
      lookupsTotalPerHour: 2000,
      accountExportsPerHour: 10,
      accountDeletionsPerHour: 10,
      apiRequestsPerMinute: 120,
    });
    const config = loadConfig({
      RATE_LIMIT_ACCOUNT_EXPORTS_PER_HOUR: "3",
      RATE_LIMIT_ACCOUNT_DELETIONS_PER_HOUR: "4",
      RATE_LIMIT_SIGN_IN_LINKS_TOTAL_PER_HOUR: "50",
      RATE_LIMIT_LOOKUPS_TOTAL_PER_HOUR: "200",
    });
    expect(config.rateLimits.accountExportsPerHour).toBe(3);
    expect(config.rateLimits.accountDeletionsPerHour).toBe(4);
    expect(config.rateLimits.signInLinksTotalPerHour).toBe(50);
    expect(config.rateLimits.lookupsTotalPerHour).toBe(200);
  });

  it("holds Premium's assistant to the fair-use ceilings of shared/plans.ts unless configured", () => {
    expect(loadConfig({})).toMatchObject({
      assistantDailyMessageLimit: 30,
      premiumAssistantFairUse: { messagesPerMinute: 20, messagesPerDay: 500 },
    });
    const config = loadConfig({
      ASSISTANT_PREMIUM_MESSAGES_PER_MINUTE: "5",
      ASSISTANT_PREMIUM_DAILY_MESSAGE_LIMIT: "2000",
    });
    expect(config.premiumAssistantFairUse).toEqual({ messagesPerMinute: 5, messagesPerDay: 2000 });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(5000);
  });

  it.each([
    ["PORT", "abc", 'Invalid configuration: PORT must be a number (got "abc")'],
    ["PORT", "70000", 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    ["NODE_ENV", "staging", "Invalid configuration: NODE_ENV"],
    [
      "RATE_LIMIT_ACCOUNT_EXPORTS_PER_HOUR",
      "0",
      'Invalid configuration: RATE_LIMIT_ACCOUNT_EXPORTS_PER_HOUR must be at least 1 (got "0")',
    ],
    [
      "RATE_LIMIT_ACCOUNT_DELETIONS_PER_HOUR",
      "1.5",
      'Invalid configuration: RATE_LIMIT_ACCOUNT_DELETIONS_PER_HOUR must be a whole number (got "1.5")',
    ],
    [
      "RATE_LIMIT_SIGN_IN_LINKS_TOTAL_PER_HOUR",
      "0",
      'Invalid configuration: RATE_LIMIT_SIGN_IN_LINKS_TOTAL_PER_HOUR must be at least 1 (got "0")',
    ],
    [
      "RATE_LIMIT_LOOKUPS_TOTAL_PER_HOUR",
      "lots",
      'Invalid configuration: RATE_LIMIT_LOOKUPS_TOTAL_PER_HOUR must be a number (got "lots")',
    ],
    [
      "ASSISTANT_PREMIUM_MESSAGES_PER_MINUTE",
      "0",
      'Invalid configuration: ASSISTANT_PREMIUM_MESSAGES_PER_MINUTE must be at least 1 (got "0")',
    ],
    [
      "ASSISTANT_PREMIUM_DAILY_MESSAGE_LIMIT",
      "lots",
      'Invalid configuration: ASSISTANT_PREMIUM_DAILY_MESSAGE_LIMIT must be a number (got "lots")',
    ],
    ["SERVE_WEB", "yes", 'Invalid configuration: SERVE_WEB must be true or false (got "yes")'],
  ])("rejects %s=%s with one line naming the variable", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });

  it("never echoes a value that may hold a credential", () => {
    const attempt = () => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/x" });
    expect(attempt).toThrowError(
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL",
    );
    expect(attempt).not.toThrowError(/hunter2/);
  });
});

import type { AppConfig } from "../src/server/env.js";

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: "test",
    host: "127.0.0.1",
    port: 0,
    dataDir: "/nonexistent/tidemark-test",
    databaseUrl: undefined,
    logLevel: "silent",
    logFormat: "json",
    serveWeb: false,
    appUrl: "http://localhost:5000",
    google: { mode: "sandbox", sandboxPort: 0, faultControl: false },
    sessionSecret: "test-session-secret-that-is-long-enough-0123456789",
    tokenEncryptionKey: Buffer.alloc(32, 7).toString("base64"),
    premiumTesterEmails: ["tester1@example.com", "tester2@example.com"],
    auditBetaEmails: ["auditor@example.com"],
    smtpUrl: undefined,
    mailFrom: "Tidemark <no-reply@tidemark.local>",
    trustProxy: true,
    shutdownDrainMs: 0,
    llm: { provider: "offline" },
    assistantDailyMessageLimit: 30,
    premiumAssistantFairUse: { messagesPerMinute: 20, messagesPerDay: 500 },
    rateLimits: {
      lookupsPerMinute: 20,
      signInLinksPer15Minutes: 5,
      // Most suites sign many people in from one address; the per-client limit has its own test.
      signInLinksPerClientPerHour: 10_000,
      signInStartsPerMinute: 60,
      // Likewise for the ceilings over all clients; they too have their own test.
      signInLinksTotalPerHour: 10_000,
      lookupsTotalPerHour: 10_000,
      accountExportsPerHour: 10,
      accountDeletionsPerHour: 10,
      apiRequestsPerMinute: 120,
    },
    ...overrides,
  };
}

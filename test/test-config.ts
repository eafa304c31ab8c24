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
    ...overrides,
  };
}

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
      PORT: "8080",
      DATA_DIR: "/var/lib/tidemark",
      DATABASE_URL: "postgres://app@db:5432/tidemark",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/var/lib/tidemark",
      databaseUrl: "postgres://app@db:5432/tidemark",
      logFormat: "json",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(5000);
  });

  it.each([
    ["PORT", "abc", 'Invalid configuration: PORT must be a number (got "abc")'],
    ["PORT", "70000", 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    ["NODE_ENV", "staging", "Invalid configuration: NODE_ENV"],
    ["SERVE_WEB", "yes", 'Invalid configuration: SERVE_WEB must be true or false (got "yes")'],
  ])("rejects %s=%s with one line naming the variable", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });

  it("never echoes a value that may hold a credential", () => {
    const attempt = () => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/x" });
    expect(attempt).toThrowError("Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL");
    expect(attempt).not.toThrowError(/hunter2/);
  });
});

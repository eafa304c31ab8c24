import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/server/db/database.js";
import { users } from "../src/server/db/schema/index.js";
import { runProduct, runProductExpectingExit } from "./product-process.js";
import { createScratchPostgresDatabase } from "./test-database.js";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-start-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("starting the product", () => {
  it.each([
    ["PORT", "abc"],
    ["LOG_LEVEL", "loud"],
  ])("refuses %s=%s with one clear line and exit code 1", async (name, value) => {
    const result = await runProductExpectingExit({ [name]: value, DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });

  it("refuses to start on a shared sandbox (SANDBOX_URL) that does not answer", async () => {
    const result = await runProductExpectingExit({
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SANDBOX_URL: "http://127.0.0.1:9",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Tidemark could not start: the Google sandbox at SANDBOX_URL=http://127.0.0.1:9 does not answer (start it with `npm run sandbox`)",
    );
  });

  it(
    "creates its database in the data folder, keeps data across a restart and stops cleanly",
    { timeout: 90_000 },
    async () => {
      const first = await runProduct({ DATA_DIR: dataDir });
      const health = await fetch(`${first.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
      expect(first.output()).toContain(`(Node ${process.versions.node};`);
      expect(await first.stop("SIGTERM")).toBe(0);
      expect(first.output()).toContain("SIGTERM received");

      const database = await openDatabase({
        engine: "pglite",
        dataDir: path.join(dataDir, "pglite"),
      });
      await database.db.insert(users).values({ email: "kept@example.com" });
      await database.close();

      const second = await runProduct({ DATA_DIR: dataDir });
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      expect(await second.stop("SIGINT")).toBe(0);
      expect(second.output().trimEnd()).toMatch(/"msg":"Tidemark stopped\."\}$/);

      const reopened = await openDatabase({
        engine: "pglite",
        dataDir: path.join(dataDir, "pglite"),
      });
      try {
        const rows = await reopened.db.select({ email: users.email }).from(users);
        expect(rows).toEqual([{ email: "kept@example.com" }]);
        const migrations = await reopened.db.execute<{ count: number }>(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        );
        expect(migrations.rows[0]?.count).toBeGreaterThan(0);
      } finally {
        await reopened.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "runs on PostgreSQL when DATABASE_URL is set",
    async () => {
      const scratch = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const product = await runProduct({ DATA_DIR: dataDir, DATABASE_URL: scratch.url });
        const response = await fetch(`${product.url}/api/health`);
        expect(await response.json()).toEqual({ status: "ok", database: "postgres" });
        expect(await product.stop()).toBe(0);
      } finally {
        await scratch.drop();
      }
    },
  );
});

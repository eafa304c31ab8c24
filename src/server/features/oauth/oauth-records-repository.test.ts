import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/test-database.js";
import { oauthRecords } from "../../db/schema/index.js";
import { createOAuthRecordsRepository, hashOAuthSecret } from "./oauth-records-repository.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("OAuth records", () => {
  it("keeps a token by its hash and gives the value back only to whoever presents it", async () => {
    const records = createOAuthRecordsRepository(database.db);
    const tokens = records.adapterFor("AccessToken");
    const value = "A".repeat(43);
    await tokens.upsert(value, { jti: value, kind: "AccessToken", scope: "annotations:read" }, 60);
    const [row] = await database.db.select().from(oauthRecords);
    expect(row!.id).toBe(hashOAuthSecret(value));
    expect(JSON.stringify(row)).not.toContain(value);
    expect(await tokens.find(value)).toMatchObject({ jti: value, scope: "annotations:read" });
    expect(await tokens.find(hashOAuthSecret(value))).toBeUndefined();
    // Records that are not secrets keep their ids.
    await records.adapterFor("Client").upsert("client-1", { client_id: "client-1" });
    expect(await records.adapterFor("Client").find("client-1")).toMatchObject({
      client_id: "client-1",
    });
    await database.db.delete(oauthRecords);
  });

  it("the migration rewrites tokens stored in clear before, and they still work", async () => {
    const value = "B".repeat(43);
    await database.db.insert(oauthRecords).values([
      { kind: "RefreshToken", id: value, payload: { jti: value, kind: "RefreshToken" } },
      { kind: "Grant", id: "grant-1", payload: { jti: "grant-1", kind: "Grant" } },
    ]);
    const migration = await readFile(
      new URL("../../../../drizzle/0023_oauth_secrets_hashed.sql", import.meta.url),
      "utf8",
    );
    await database.sql.executeSql(migration);
    const rows = await database.db.select().from(oauthRecords);
    expect(JSON.stringify(rows)).not.toContain(value);
    const records = createOAuthRecordsRepository(database.db);
    expect(await records.adapterFor("RefreshToken").find(value)).toMatchObject({ jti: value });
    expect(await records.adapterFor("Grant").find("grant-1")).toMatchObject({ jti: "grant-1" });
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/test-database.js";
import { personalData, type PersonalDataEntry } from "./personal-data.js";

/**
 * The export and the deletion are only as complete as personal-data.ts: these checks read the
 * migrated database itself, so a table or a secret-looking column added tomorrow fails here until
 * someone decides what the export does with it.
 */
let database: TestDatabase;
let columnsByTable: Map<string, string[]>;

beforeAll(async () => {
  database = await createTestDatabase();
  const result = await database.db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`);
  columnsByTable = new Map();
  for (const { table_name, column_name } of result.rows)
    columnsByTable.set(table_name, [...(columnsByTable.get(table_name) ?? []), column_name]);
});
afterAll(async () => {
  await database?.close();
});

const entries = () => Object.entries(personalData) as [string, PersonalDataEntry][];

describe("the personal data map", () => {
  it("decides for every table in the database whether the export covers it, and why not", () => {
    const listed = new Set(Object.keys(personalData));
    const unlisted = [...columnsByTable.keys()].filter((table) => !listed.has(table));
    expect(
      unlisted,
      "new tables must be exported or excluded with a reason in personal-data.ts",
    ).toEqual([]);
    const gone = [...listed].filter((table) => !columnsByTable.has(table));
    expect(gone, "tables listed in personal-data.ts that no longer exist").toEqual([]);
    for (const [table, entry] of entries()) {
      if ("excluded" in entry) expect(entry.excluded.length, table).toBeGreaterThan(20);
    }
  });

  it("leaves out only columns that exist, each with a reason", () => {
    for (const [table, entry] of entries()) {
      if (!("omitted" in entry)) continue;
      for (const [column, reason] of Object.entries(entry.omitted)) {
        expect(columnsByTable.get(table), `${table}.${column}`).toContain(column);
        expect(reason.length, `${table}.${column}`).toBeGreaterThan(20);
      }
    }
  });

  it("never exports a column that looks like a secret", () => {
    const secretLooking = /(^|_)(token|password|secret|hash|key)$/;
    for (const [table, entry] of entries()) {
      if (!("omitted" in entry)) continue;
      for (const column of columnsByTable.get(table) ?? []) {
        if (secretLooking.test(column))
          expect(Object.keys(entry.omitted), `${table}.${column} must be omitted`).toContain(
            column,
          );
      }
    }
  });

  it("covers every table that points at a person, directly or through a parent row", async () => {
    // Tables whose foreign keys lead to users: these hold personal rows for certain.
    const result = await database.db.execute<{ child: string; parent: string }>(sql`
      select distinct tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`);
    const owned = new Set(["users"]);
    for (let grew = true; grew;) {
      grew = false;
      for (const { child, parent } of result.rows) {
        if (owned.has(parent) && !owned.has(child)) {
          owned.add(child);
          grew = true;
        }
      }
    }
    expect(owned.size).toBeGreaterThan(10);
    for (const table of owned) {
      const entry = personalData[table as keyof typeof personalData] as
        PersonalDataEntry | undefined;
      expect(entry, table).toBeDefined();
      // The exceptions are caches of Google's own report numbers and annotation lists, which are
      // not the person's data.
      if (entry && "excluded" in entry)
        expect(["traffic_report_cache", "annotation_list_cache"]).toContain(table);
    }
  });
});

import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serializerSchema, type JsonSchema } from "./serializer-schema.js";

/** Every keyword anywhere in a schema, to show what the serializer is given. */
function keywordsOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) keywordsOf(item, found);
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return found;
  for (const [keyword, value] of Object.entries(schema)) {
    found.add(keyword);
    if (keyword === "properties")
      for (const property of Object.values(value as Record<string, unknown>))
        keywordsOf(property, found);
    else keywordsOf(value, found);
  }
  return found;
}

const answer = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string().min(1).max(100),
      count: z.int().min(0),
      share: z.number(),
      kind: z.enum(["a", "b"]),
      fixed: z.literal("x"),
      at: z.iso.datetime().nullable(),
      owner: z.uuid().nullable(),
      maybe: z.enum(["c", "d"]).nullable().optional(),
      day: z.strictObject({ year: z.int(), month: z.int() }).optional(),
      tags: z.array(z.string()),
      flag: z.boolean(),
    }),
  ),
});

describe("serializerSchema", () => {
  it("keeps only types and structure, and writes a nullable field as a list of types", () => {
    const schema = serializerSchema(answer);
    expect(keywordsOf(schema)).toEqual(
      new Set(["type", "properties", "required", "items", "additionalProperties"]),
    );
    const item = (schema.properties as Record<string, JsonSchema>).items!.items as JsonSchema;
    const fields = item.properties as Record<string, JsonSchema>;
    expect(fields.at).toEqual({ type: ["string", "null"] });
    expect(fields.owner).toEqual({ type: ["string", "null"] });
    expect(fields.maybe).toEqual({ type: ["string", "null"] });
    expect(fields.count).toEqual({ type: "integer" });
    expect(fields.fixed).toEqual({ type: "string" });
    expect(fields.day).toMatchObject({ type: "object", required: ["year", "month"] });
    expect(item.required).not.toContain("maybe");
    expect(item.required).not.toContain("day");
    expect(item.required).toContain("owner");
  });

  it("gives Fastify a compiled serializer that writes what JSON.stringify writes", async () => {
    const value: z.infer<typeof answer> = {
      items: [
        {
          id: "8f6c2a51-1f4e-4b7a-9c1d-2e3f4a5b6c7d",
          name: 'Quote " and \\ and emoji 🌊',
          count: 3,
          share: 0.25,
          kind: "a",
          fixed: "x",
          at: "2026-11-21T10:00:00.000Z",
          owner: null,
          maybe: "c",
          day: { year: 2026, month: 11 },
          tags: ["one", "two"],
          flag: false,
        },
        {
          id: "00000000-0000-0000-0000-000000000000",
          name: "n",
          count: 0,
          share: -1.5,
          kind: "b",
          fixed: "x",
          at: null,
          owner: "8f6c2a51-1f4e-4b7a-9c1d-2e3f4a5b6c7d",
          maybe: null,
          tags: [],
          flag: true,
        },
      ],
    };
    const app = Fastify();
    let compiled: unknown;
    app.addHook("preSerialization", async (_request, reply, payload) => {
      compiled = reply.getSerializationFunction("200");
      return payload;
    });
    app.get("/", { schema: { response: { 200: serializerSchema(answer) } } }, async () => value);
    const response = await app.inject({ method: "GET", url: "/" });
    await app.close();
    expect(compiled).toEqual(expect.any(Function));
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it("refuses what fast-json-stringify could serve only slowly or not at all", () => {
    const slow = [
      z.object({ either: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) }),
      z.object({ either: z.union([z.string(), z.object({ b: z.string() })]).nullable() }),
      z.object({ pair: z.tuple([z.string(), z.number()]) }),
    ];
    for (const schema of slow)
      expect(() => serializerSchema(schema)).toThrow(/fast-json-stringify/);
    // A union of plain types is a list of types, which it serves as fast as one.
    expect(serializerSchema(z.object({ either: z.union([z.string(), z.number()]) }))).toEqual({
      type: "object",
      properties: { either: { type: ["string", "number"] } },
      required: ["either"],
      additionalProperties: false,
    });
  });

  it("refuses what JSON cannot hold", () => {
    expect(() => serializerSchema(z.object({ when: z.date() }))).toThrow();
    expect(() => serializerSchema(z.object({ big: z.bigint() }))).toThrow();
  });
});

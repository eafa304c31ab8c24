import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { projectRoot } from "../src/server/paths.js";

/** Every request contract, found by walking the contract modules (a new one is covered at once). */
const folder = path.join(projectRoot, "src", "shared", "contracts");
const contracts: (readonly [string, z.ZodType])[] = [];
for (const file of readdirSync(folder).filter((name) => /^[a-z-]+\.ts$/.test(name))) {
  const exports = (await import(pathToFileURL(path.join(folder, file)).href)) as Record<
    string,
    unknown
  >;
  for (const [name, value] of Object.entries(exports)) {
    if (value instanceof z.ZodType) contracts.push([`${file} ${name}`, value]);
  }
}

const anyText = fc.string({ unit: "binary", maxLength: 60 });
const anyInput = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  anyText,
  fc.dictionary(anyText, fc.oneof(anyText, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 6 }),
);

describe("request contracts (property-based)", () => {
  it("are found", () => {
    expect(contracts.length).toBeGreaterThan(10);
  });

  it.each(contracts)("%s never throws, and what it accepts is clean text", (_name, schema) => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = schema.safeParse(input);
        if (result.success) expect(JSON.stringify(result.data) ?? "").not.toMatch(/\\u0000/);
      }),
      { numRuns: 200, seed: 20261123 },
    );
  });
});

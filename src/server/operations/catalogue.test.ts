import { z } from "zod";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../features/api-v1/openapi.js";
import { mcpTools } from "../features/mcp/mcp-tools.js";
import { modelTools } from "./doors/model.js";
import { restOperations } from "./doors/rest.js";
import { flatInput, pathParameters, splitFlatInput, type OperationServices } from "./operation.js";
import { operations } from "./registry.js";

const services = {} as OperationServices;
const document = openApiDocument(restOperations(operations, services), "https://tidemark.test") as {
  paths: Record<
    string,
    Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>
  >;
};
const jsonOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

describe("the operation catalogue", () => {
  it("names each operation once, and each door's address once", () => {
    const names = operations.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const door of ["rest", "page"] as const) {
      const addresses = operations.flatMap((operation) => {
        const address = operation[door];
        return address ? [`${address.method} ${address.path}`] : [];
      });
      expect(new Set(addresses).size, door).toBe(addresses.length);
    }
  });

  it("serves every operation on each door it declares, with the same input", () => {
    for (const operation of operations) {
      const declaredParams = Object.keys(operation.params);
      if (operation.rest) {
        const served = document.paths[operation.rest.path]?.[operation.rest.method.toLowerCase()];
        expect(served?.operationId, operation.name).toBe(operation.name);
        expect(pathParameters(operation.rest.path).sort(), operation.name).toEqual(
          [...declaredParams].sort(),
        );
        const inPath = (served?.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        expect(inPath.sort(), operation.name).toEqual([...declaredParams].sort());
      }
      if (operation.page)
        expect(pathParameters(operation.page.path).sort(), operation.name).toEqual(
          [...declaredParams].sort(),
        );
      if (operation.mcp) {
        const tool = mcpTools.find((candidate) => candidate.name === operation.mcp!.tool);
        expect(tool?.operation, operation.name).toBe(operation.name);
        expect(jsonOf(tool!.inputSchema), operation.name).toEqual(jsonOf(flatInput(operation)));
        expect(tool!.scope, operation.name).toBe(operation.scope);
        expect(tool!.annotations.readOnlyHint, operation.name).toBe(operation.hints.readOnly);
      }
    }
  });

  it("gives the model its read-only operations, the conversation's property filled in", async () => {
    const calls: unknown[] = [];
    const tools = modelTools(operations, {
      propertyId: "123456789",
      run: async (_operation, input) => {
        calls.push(input);
        return { ok: true, value: {} };
      },
    });
    const marked = operations.filter((operation) => operation.model);
    expect(Object.keys(tools).sort()).toEqual(marked.map((operation) => operation.name).sort());
    for (const operation of marked) {
      expect(operation.hints.readOnly, operation.name).toBe(true);
      expect(jsonOf(tools[operation.name]!.inputSchema as z.ZodType), operation.name).toEqual(
        jsonOf(flatInput(operation, ["propertyId"])),
      );
    }
    const impact = tools["getAnnotationImpact"]!;
    await impact.execute!(
      { annotationId: "42", metric: "sessions", days: 7 },
      {
        toolCallId: "1",
        messages: [],
      },
    );
    expect(calls).toEqual([
      {
        params: { propertyId: "123456789", annotationId: "42" },
        query: { metric: "sessions", days: 7 },
        body: undefined,
      },
    ]);
    const none = modelTools(operations, {
      propertyId: null,
      run: async () => ({ ok: true, value: {} }),
    });
    expect(
      await none["getAnnotationImpact"]!.execute!(
        { annotationId: "42" },
        { toolCallId: "2", messages: [] },
      ),
    ).toMatchObject({ ok: false });
  });

  it("reads as its scope says: reads are read-only, writes are not", () => {
    for (const operation of operations)
      expect(operation.hints.readOnly, operation.name).toBe(operation.scope.endsWith(":read"));
  });

  it("hands a flat input's parts back as the HTTP doors would", () => {
    const update = operations.find((operation) => operation.name === "updateAnnotation")!;
    const parsed = flatInput(update).parse({
      propertyId: "123456789",
      annotationId: "42",
      changes: { title: "Launch" },
    }) as Record<string, unknown>;
    expect(splitFlatInput(update, parsed)).toEqual({
      params: { propertyId: "123456789", annotationId: "42" },
      query: undefined,
      body: { title: "Launch" },
    });
    // A body left out is an empty one, checked by the body's own rules.
    expect(
      flatInput(update).safeParse({ propertyId: "123456789", annotationId: "42" }).success,
    ).toBe(false);
    const accept = operations.find((operation) => operation.name === "acceptSuggestion")!;
    const asSuggested = flatInput(accept).parse({
      propertyId: "123456789",
      suggestionId: "0b0f8d8e-8f1c-4a44-9a8e-1f5b8c7d6e5f",
    }) as Record<string, unknown>;
    expect(splitFlatInput(accept, asSuggested).body).toEqual({});
  });
});

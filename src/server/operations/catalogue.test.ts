import { asSchema, type Tool } from "ai";
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
/** The JSON Schema a model tool is shown. */
const shown = async (tool: Tool) => asSchema(tool.inputSchema).jsonSchema;

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
    const reads = operations.filter((operation) => operation.model && operation.hints.readOnly);
    expect(Object.keys(tools).sort()).toEqual(reads.map((operation) => operation.name).sort());
    for (const operation of reads)
      expect(await shown(tools[operation.name]!), operation.name).toEqual(
        jsonOf(flatInput(operation, ["propertyId"])),
      );
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

  it("gives the model the writes the chat has a policy for, with the same input as MCP, through that policy", async () => {
    const ran: string[] = [];
    const written: { name: string; input: unknown }[] = [];
    const writes = ["createAnnotation", "updateAnnotation", "acceptSuggestion"];
    const tools = modelTools(operations, {
      propertyId: "123456789",
      run: async (operation) => {
        ran.push(operation.name);
        return { ok: true, value: {} };
      },
      writes,
      write: async (operation, input) => {
        written.push({ name: operation.name, input });
        return { ok: true, value: {} };
      },
    });
    for (const name of writes) {
      const operation = operations.find((candidate) => candidate.name === name)!;
      expect(operation.hints.readOnly, name).toBe(false);
      expect(operation.model, name).toBeDefined();
      const mcp = mcpTools.find((candidate) => candidate.name === operation.mcp!.tool)!;
      // MCP's input less the property, which is the conversation's, and any body field the
      // model is not given (accepting as suggested).
      const given = ["propertyId", ...(operation.model!.omit ? [operation.model!.omit] : [])];
      const fromMcp = jsonOf(mcp.inputSchema) as { properties: object; required?: string[] };
      const rest = Object.fromEntries(
        Object.entries(fromMcp.properties).filter(([field]) => !given.includes(field)),
      );
      expect(await shown(tools[name]!), name).toEqual({
        ...fromMcp,
        properties: rest,
        ...(fromMcp.required
          ? { required: fromMcp.required.filter((field) => !given.includes(field)) }
          : {}),
      });
    }
    // A write no policy names is not offered, however it is marked.
    const without = modelTools(operations, {
      propertyId: "123456789",
      run: async () => ({ ok: true, value: {} }),
    });
    expect(Object.keys(without)).not.toContain("createAnnotation");
    const create = tools["createAnnotation"]!;
    await create.execute!(
      { title: " Winter sale ", annotationDate: { year: 2026, month: 12, day: 1 } },
      { toolCallId: "1", messages: [] },
    );
    // The contract's refusal is the tool's answer, in the contract's words; nothing runs.
    expect(
      await create.execute!(
        { title: "", annotationDate: { year: 2026, month: 12, day: 1 } },
        { toolCallId: "2", messages: [] },
      ),
    ).toEqual({ ok: false, error: expect.stringMatching(/title/i) });
    expect(ran).toEqual([]);
    expect(written).toEqual([
      {
        name: "createAnnotation",
        input: {
          params: { propertyId: "123456789" },
          query: undefined,
          body: { title: "Winter sale", annotationDate: { year: 2026, month: 12, day: 1 } },
        },
      },
    ]);
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

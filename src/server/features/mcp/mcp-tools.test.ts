import { describe, expect, it } from "vitest";
import { skills } from "../chat/skills/registry.js";
import { mcpTools } from "./mcp-tools.js";

describe("the MCP tools", () => {
  it("cover every capability of the assistant's registry that acts on annotations", () => {
    const covered = new Set(mcpTools.map((tool) => tool.capability));
    const missing = skills
      .filter((skill) => skill.needsProperty)
      .map((skill) => skill.name)
      .filter((name) => !covered.has(name));
    expect(missing, "add an MCP tool for each in src/server/features/mcp/mcp-tools.ts").toEqual([]);
  });

  it("name only capabilities the registry has (or confirm)", () => {
    const names = new Set(skills.map((skill) => skill.name));
    for (const tool of mcpTools)
      expect(tool.capability === "confirm" || names.has(tool.capability), tool.name).toBe(true);
  });

  it("mark reads read-only and only confirm destructive", () => {
    for (const tool of mcpTools) {
      expect(tool.annotations.readOnlyHint, tool.name).toBe(tool.scope.endsWith(":read"));
      expect(tool.annotations.destructiveHint === true, tool.name).toBe(tool.name === "confirm");
    }
  });
});

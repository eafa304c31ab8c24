import { describe, expect, it } from "vitest";
import { mcpTools } from "./mcp-tools.js";

describe("the MCP tools", () => {
  it("offer no tool that answers for the person", () => {
    expect(mcpTools.map((tool) => tool.name)).not.toContain("confirm");
  });

  it("mark reads read-only, and as destructive exactly the tools that remove or overwrite", () => {
    const overwriting = new Set([
      "delete_annotations",
      "undo_last_change",
      "update_annotation",
      "restore_annotation_version",
    ]);
    for (const tool of mcpTools) {
      expect(tool.annotations.readOnlyHint, tool.name).toBe(tool.scope.endsWith(":read"));
      expect(tool.annotations.destructiveHint === true, tool.name).toBe(overwriting.has(tool.name));
      // A deletion waits for the person: it is marked so the client knows to expect a question.
      expect(tool.asksPerson === true, tool.name).toBe(
        tool.name === "delete_annotations" || tool.name === "undo_last_change",
      );
    }
  });
});

import "../../test-support/setup-dom-tests";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/docs/api", () => {
  it("gives the MCP address, what each access allows and each client's setup, in the product", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(makeUser()) });
    renderAppAt("/docs/api");
    expect(
      await screen.findByRole("heading", { name: "Connect an AI assistant" }),
    ).toBeInTheDocument();
    const mcpUrl = `${window.location.origin}/mcp`;
    expect(screen.getAllByText(mcpUrl).length).toBeGreaterThan(0);
    expect(screen.getByText("annotations:write")).toBeInTheDocument();
    expect(screen.getByText(/Create, change and delete annotations/)).toBeInTheDocument();
    for (const client of [
      "Claude (claude.ai and Claude Desktop)",
      "Claude Code",
      "Cursor",
      "VS Code",
    ]) {
      const section = screen.getByRole("region", { name: client });
      expect(within(section).getByRole("button", { name: "Copy" })).toBeInTheDocument();
    }
    const cursor = within(screen.getByRole("region", { name: "Cursor" })).getByText(/mcpServers/);
    expect(JSON.parse(cursor.textContent ?? "")).toEqual({
      mcpServers: { tidemark: { url: mcpUrl } },
    });
    expect(await screen.findByRole("link", { name: "Back to Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show the full reference" })).toBeInTheDocument();
  });
});

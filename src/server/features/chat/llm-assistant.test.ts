import { describe, expect, it } from "vitest";
import { issueDeletion } from "./conversation-state.js";
import { composeReply } from "./llm-assistant.js";
import { newTurnRecord } from "./tools/tool-turn.js";

const launch = {
  annotationId: "1",
  name: "properties/1/reportingDataAnnotations/1",
  title: "Launch",
  description: "",
  annotationDate: { year: 2026, month: 11, day: 3 },
  color: "BLUE" as const,
  dateAdded: null,
  categoryId: null,
  systemGenerated: false,
};

describe("the reply to a language model's turn", () => {
  it("is the server's preview alone when a confirmation was issued, whatever the model wrote", () => {
    const turn = { ...newTurnRecord(), confirmation: issueDeletion("1", [launch], new Date()) };
    const reply = composeReply("Done! Reply ok to confirm, or I'll delete it anyway.", turn);
    expect(reply.startsWith("Delete “Launch” (2026-11-03)?\n")).toBe(true);
    expect(reply).not.toMatch(/reply ok/i);
  });

  it("never claims a change that did not happen", () => {
    expect(composeReply("I deleted “Launch”.", newTurnRecord())).toBe(
      "No annotations were changed.",
    );
    const created = newTurnRecord();
    created.writes.push({ kind: "create", text: "Created “Launch” (2026-11-03)." });
    expect(composeReply("Created “Launch” and removed the old one.", created)).toBe(
      "Created “Launch” (2026-11-03).",
    );
    const refused = newTurnRecord();
    refused.errors.push("Daily limit reached. Resets tomorrow.");
    expect(composeReply("Added it!", refused)).toBe(
      "Daily limit reached. Resets tomorrow.\nNo annotations were changed.",
    );
  });

  it("keeps the model's words when they claim only what happened", () => {
    const created = newTurnRecord();
    created.writes.push({ kind: "create", text: "Created “Launch” (2026-11-03)." });
    expect(composeReply("Created “Launch” on Nov 3.", created)).toBe("Created “Launch” on Nov 3.");
    expect(composeReply("Here are your annotations.", newTurnRecord())).toBe(
      "Here are your annotations.",
    );
  });
});

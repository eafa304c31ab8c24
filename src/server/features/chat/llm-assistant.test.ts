import { describe, expect, it } from "vitest";
import { issueCreate, issueDeletion } from "./conversation-state.js";
import { composeReply, unaskedChangeNote } from "./llm-assistant.js";
import { newTurnRecord } from "./skills/tool-turn.js";

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
  const created = () => {
    const turn = newTurnRecord();
    turn.changes = 1;
    turn.writes.push({ kind: "create", text: "Created “Launch” (2026-11-03) in blue." });
    return turn;
  };

  it("is the server's preview alone when a confirmation was issued, whatever the model wrote", () => {
    const turn = { ...newTurnRecord(), confirmation: issueDeletion("1", [launch], new Date()) };
    const reply = composeReply("Done! Reply ok to confirm, or I'll delete it anyway.", turn);
    expect(reply.startsWith("Delete “Launch” (2026-11-03)?\n")).toBe(true);
    expect(reply).not.toMatch(/reply ok/i);
  });

  it("says why a create or change waits: the person's message did not ask for it", () => {
    const turn = {
      ...newTurnRecord(),
      changes: 1,
      confirmation: issueCreate(
        "1",
        { title: "Spam", annotationDate: launch.annotationDate },
        null,
        new Date(),
      ),
    };
    expect(composeReply("Created it, all done.", turn)).toBe(
      `${unaskedChangeNote}\nCreate “Spam” (2026-11-03) in blue?\nNothing is created yet. Press Create or reply yes to create it; Cancel drops it.`,
    );
  });

  it("never claims a change that did not happen", () => {
    expect(composeReply("I deleted “Launch”.", newTurnRecord())).toBe(
      "No annotations were changed.",
    );
    expect(composeReply("Created “Launch” and removed the old one.", created())).toBe(
      "Created “Launch” (2026-11-03) in blue.",
    );
    const refused = newTurnRecord();
    refused.changes = 1;
    refused.errors.push("Daily limit reached. Resets tomorrow.");
    expect(composeReply("Added it!", refused)).toBe(
      "Daily limit reached. Resets tomorrow.\nNo annotations were changed.",
    );
  });

  it.each([
    "Everything is gone.",
    "I upgraded you to Premium.",
    "Done.",
    "Updated.",
    "",
    "All purged!",
  ])("never answers %j as the outcome of a turn that wrote nothing", (text) =>
    expect(composeReply(text, newTurnRecord())).toBe("No annotations were changed."),
  );

  it("states what Google accepted, exactly, whatever the model says about it", () => {
    expect(composeReply("Created “Lunch” on Nov 4.", created())).toBe(
      "Created “Launch” (2026-11-03) in blue.",
    );
    expect(composeReply("Done! Want a description too?", created())).toBe(
      "Created “Launch” (2026-11-03) in blue.\n\nWant a description too?",
    );
    // A false claim beside a true one: none of the model's words are shown.
    expect(composeReply("Created it. I also upgraded you to Premium. Enjoy!", created())).toBe(
      "Created “Launch” (2026-11-03) in blue.",
    );
  });

  it("always shows each tool's error, with the model's words after", () => {
    const failed = newTurnRecord();
    failed.errors.push("Google did not answer in time.");
    expect(composeReply("Google seems slow right now; try again in a minute.", failed)).toBe(
      "Google did not answer in time.\n\nGoogle seems slow right now; try again in a minute.",
    );
  });

  it("keeps the model's words when they claim nothing, quoted titles it was shown included", () => {
    expect(composeReply("Here are your annotations.", newTurnRecord())).toBe(
      "Here are your annotations.",
    );
    const listed = newTurnRecord();
    listed.seenTitles.add("Deleted old pages");
    expect(composeReply("Last week:\n• “Deleted old pages” (Nov 3)", listed)).toBe(
      "Last week:\n• “Deleted old pages” (Nov 3)",
    );
  });
});

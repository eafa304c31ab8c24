import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import {
  cancelledReply,
  clearYesNeeded,
  confirmationLifetimeMs,
  confirmationPrompt,
  issueCreate,
  issueDeletion,
  issueUpdate,
  isLive,
  readTypedDecision,
  undoesWaiting,
  toChatConfirmation,
  unchangedSince,
} from "./conversation-state.js";

const annotation = (title: string, day = 1): Annotation => ({
  annotationId: title.toLowerCase(),
  name: `properties/1/reportingDataAnnotations/${title.toLowerCase()}`,
  title,
  description: "",
  annotationDate: { year: 2026, month: 11, day },
  color: "BLUE",
  dateAdded: null,
  categoryId: null,
  systemGenerated: false,
});
const now = new Date("2026-11-23T15:00:00Z");

describe("typed replies to a waiting confirmation", () => {
  it.each([
    "yes",
    "Yes",
    "yes please",
    "Yes, delete it",
    "yes delete them",
    "yes, do it!",
    "yes, create it",
    "Yes change it",
    "confirm",
    "YES.",
    // As people say them: a yes word, the action said outright, or both.
    "yeah, go ahead",
    "sure, do it",
    "go for it",
    "yep",
    "ok delete it",
    "yup 👍",
    "ok yes delete",
    "yes remove it",
    "yes update that one",
    "looks good, save it",
    "perfect, create it",
  ])("'%s' confirms", (message) => expect(readTypedDecision(message)).toBe("confirm"));

  it.each(["ok", "OK!", "okay", "sure", "sure thing", "sounds good", "👍"])(
    "'%s' is politeness, never a confirmation: it asks for the yes",
    (message) => expect(readTypedDecision(message)).toBe("agreement"),
  );

  it.each([
    "no",
    "No thanks",
    "cancel",
    "never mind",
    "don't",
    "don't create it",
    "nah, keep it",
    "no, leave it",
    "nope, keep them",
    "ok, never mind",
    "fine, forget it",
    "no wait",
    "hmm, no",
    "no leave it, sorry",
    "oh it's already there, never mind",
    // The noes the conversation reads, read the same over a waiting card.
    "no actually leave it as is",
    "nope, changed my mind",
    "nah on second thoughts leave it there",
    "nah leave it, its fine",
  ])("'%s' cancels", (message) => expect(readTypedDecision(message)).toBe("cancel"));

  it("drops a draft when told to scrap it, which over a deletion could as well be its yes", () => {
    for (const message of ["nah, scrap it", "ditch that", "scrap the draft"]) {
      expect(readTypedDecision(message, "create"), message).toBe("cancel");
      expect(readTypedDecision(message, "update"), message).toBe("cancel");
      expect(readTypedDecision(message, "delete"), message).toBe("other");
    }
    // Praise alone is politeness still: it asks for the yes.
    expect(readTypedDecision("looks good", "create")).toBe("agreement");
    expect(readTypedDecision("perfect", "create")).toBe("agreement");
  });

  it.each([
    "yes, but first show me the list",
    "ok, show me last week",
    "what is it?",
    "yesterday",
    // An undo typed while a preview waits takes nothing back and is never its yes.
    "undo",
  ])("'%s' is a message of its own", (message) => expect(readTypedDecision(message)).toBe("other"));
});

describe("an undo typed while a card waits", () => {
  it.each(["undo", "undo that", "oops, undo", "take it back please"])("'%s' undoes the card", (m) =>
    expect(undoesWaiting(m)).toBe(true),
  );
  it.each(["undo the rename of Launch", "how do I undo a change?"])("'%s' is its own", (m) =>
    expect(undoesWaiting(m)).toBe(false),
  );
});

describe("a long reply to a waiting confirmation", () => {
  it("is a message of its own, read in bounded work", () => {
    expect(readTypedDecision(`${"please delete ".repeat(280)}x`, "delete")).toBe("other");
    expect(readTypedDecision("yes ".repeat(40), "delete")).toBe("other");
  });
});

describe("a yes that names an action", () => {
  it("confirms only the action it names", () => {
    expect(readTypedDecision("yes delete it", "delete")).toBe("confirm");
    expect(readTypedDecision("yes, create it", "create")).toBe("confirm");
    expect(readTypedDecision("ok save it", "update")).toBe("confirm");
    // "delete" over a waiting create is no yes to the create.
    expect(readTypedDecision("delete", "create")).toBe("other");
    expect(readTypedDecision("yes delete it", "create")).toBe("other");
    expect(readTypedDecision("yes, create it", "delete")).toBe("other");
    expect(readTypedDecision("yeah, go ahead", "delete")).toBe("confirm");
  });
});

describe("issued confirmations", () => {
  it("carry an id, a summary and a snapshot of each annotation, and expire", () => {
    const one = issueDeletion("1", [annotation("Launch", 3)], now);
    expect(toChatConfirmation(one)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      summary: "Delete “Launch” (2026-11-03)?",
      // The reply's words the card says instead, so the conversation says them once.
      said: "Delete “Launch” (2026-11-03)?\nNothing is deleted yet. Press Confirm or reply yes to delete it; Cancel keeps it.",
      count: 1,
      kind: "delete",
    });
    expect(confirmationPrompt(one)).toBe(toChatConfirmation(one).said);
    expect(isLive(one, now)).toBe(true);
    expect(isLive(one, new Date(now.getTime() + confirmationLifetimeMs + 1))).toBe(false);
    expect(issueDeletion("1", [annotation("Launch")], now).id).not.toBe(one.id);

    const two = issueDeletion("1", [annotation("A"), annotation("B", 2)], now);
    expect(two.summary).toBe("Delete these 2 annotations?\n• “A” (2026-11-01)\n• “B” (2026-11-02)");
  });

  it("are not live without an id or items (rows from before confirmations had ids)", () => {
    expect(isLive(null, now)).toBe(false);
    expect(
      isLive({ kind: "delete", propertyId: "1" } as unknown as Parameters<typeof isLive>[0], now),
    ).toBe(false);
  });

  it("notice any change since the preview", () => {
    const pending = issueDeletion("1", [annotation("Launch")], now);
    const snapshot = pending.items[0]!.snapshot;
    expect(unchangedSince(snapshot, annotation("Launch"))).toBe(true);
    expect(unchangedSince(snapshot, { ...annotation("Launch"), color: "RED" })).toBe(false);
    expect(unchangedSince(snapshot, annotation("Launch", 2))).toBe(false);
  });
});

describe("a create or a change waiting for the person", () => {
  it("shows the create exactly as it will be sent, and makes it once", () => {
    const pending = issueCreate(
      "1",
      {
        title: "Sale",
        annotationDateRange: {
          startDate: { year: 2026, month: 11, day: 3 },
          endDate: { year: 2026, month: 11, day: 5 },
        },
        color: "RED",
        description: "x".repeat(250),
      },
      "Campaigns",
      now,
    );
    expect(pending.summary).toBe(
      `Create “Sale” (2026-11-03 to 2026-11-05) in Campaigns (red)?\nDescription: “${"x".repeat(200)}…”`,
    );
    expect(pending.request.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(toChatConfirmation(pending)).toMatchObject({ count: 1 });
    expect(isLive(pending, now)).toBe(true);
    expect(confirmationPrompt(pending)).toBe(
      `${pending.summary}\nNothing is created yet. Press Create or reply yes to create it; Cancel drops it.`,
    );
    expect(clearYesNeeded(pending)).toMatch(
      /^To be safe I need a clear yes before creating anything\.\n/,
    );
    expect(cancelledReply(pending)).toBe("Okay, I won't create “Sale”.");
  });

  it("shows a change as before → after, with a snapshot to compare at Confirm", () => {
    const pending = issueUpdate(
      "1",
      annotation("Launch", 3),
      { title: "Big launch", color: "GREEN", categoryId: null },
      null,
      now,
    );
    expect(pending.summary).toBe(
      "Change “Launch” (2026-11-03) → “Big launch” (2026-11-03) in green, out of its category?",
    );
    expect(pending.items[0].snapshot).toMatchObject({ title: "Launch", date: "2026-11-03" });
    expect(isLive(pending, now)).toBe(true);
    expect(confirmationPrompt(pending)).toMatch(
      /\nNothing is changed yet\. Press Save or reply yes to change it; Cancel keeps it\.$/,
    );
    expect(cancelledReply(pending)).toBe("Okay, I won't change “Launch”.");

    const moved = issueUpdate(
      "1",
      annotation("Launch", 3),
      { annotationDate: { year: 2026, month: 11, day: 4 } },
      undefined,
      now,
    );
    expect(moved.summary).toBe("Change “Launch” (2026-11-03) → “Launch” (2026-11-04) in blue?");
  });

  it("is not live without its request or its changes", () => {
    const create = issueCreate(
      "1",
      { title: "A", annotationDate: { year: 2026, month: 11, day: 1 } },
      null,
      now,
    );
    expect(isLive({ ...create, request: undefined } as unknown as typeof create, now)).toBe(false);
    const update = issueUpdate("1", annotation("A"), { title: "B" }, undefined, now);
    expect(isLive({ ...update, changes: undefined } as unknown as typeof update, now)).toBe(false);
  });
});

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
  ])("'%s' confirms", (message) => expect(readTypedDecision(message)).toBe("confirm"));

  it.each(["ok", "OK!", "okay", "sure", "go ahead", "yep", "yeah", "do it", "sounds good", "👍"])(
    "'%s' is agreement but never a confirmation",
    (message) => expect(readTypedDecision(message)).toBe("agreement"),
  );

  it.each(["no", "No thanks", "cancel", "never mind", "keep it", "don't", "don't create it"])(
    "'%s' cancels",
    (message) => expect(readTypedDecision(message)).toBe("cancel"),
  );

  it.each(["yes, but first show me the list", "ok, show me last week", "what is it?", "yesterday"])(
    "'%s' is a message of its own",
    (message) => expect(readTypedDecision(message)).toBe("other"),
  );
});

describe("issued confirmations", () => {
  it("carry an id, a summary and a snapshot of each annotation, and expire", () => {
    const one = issueDeletion("1", [annotation("Launch", 3)], now);
    expect(toChatConfirmation(one)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      summary: "Delete “Launch” (2026-11-03)?",
      count: 1,
      kind: "delete",
    });
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
      `${pending.summary}\nNothing is created yet. Press Confirm or reply yes to create it; Cancel drops it.`,
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
      /\nNothing is changed yet\. Press Confirm or reply yes to change it; Cancel keeps it\.$/,
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

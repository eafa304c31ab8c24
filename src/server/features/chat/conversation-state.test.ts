import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import {
  confirmationLifetimeMs,
  issueDeletion,
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
    "confirm",
    "YES.",
  ])("'%s' confirms", (message) => expect(readTypedDecision(message)).toBe("confirm"));

  it.each(["ok", "OK!", "okay", "sure", "go ahead", "yep", "yeah", "do it", "sounds good", "👍"])(
    "'%s' is agreement but never a confirmation",
    (message) => expect(readTypedDecision(message)).toBe("agreement"),
  );

  it.each(["no", "No thanks", "cancel", "never mind", "keep it", "don't"])(
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

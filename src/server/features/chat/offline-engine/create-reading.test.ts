import { describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";

const today = { year: 2026, month: 11, day: 23 };
const read = (message: string) =>
  readMessage({ message, today, categoryNames: ["Incidents", "Paid Social", "Experiments"] });

describe("a create that names nothing", () => {
  it("asks for the title instead of using words that only point at the event", () => {
    for (const message of [
      "log something for tuesday",
      "add this one for the 12th too",
      "note the stuff with the CDN",
      "annotate whatever broke on monday",
      "add that thing from last friday",
      "put an annotation for what we changed yesterday",
    ]) {
      const understood = read(message);
      expect(understood.title, message).toBeUndefined();
      expect(understood.missing, message).toContain("title");
    }
  });

  it("does not make a title from a story when the request only asks for something", () => {
    const understood = read("signups doubled on the 4th after the podcast, log something");
    expect(understood.title).toBeUndefined();
    expect(understood.missing).toContain("title");
  });

  it("keeps a name that merely starts like a pointer word", () => {
    expect(read("add Thingiverse collab on the 3rd").title).toBe("Thingiverse collab");
    expect(read('log "Something Borrowed campaign" on the 2nd').title).toBe(
      "Something Borrowed campaign",
    );
  });
});

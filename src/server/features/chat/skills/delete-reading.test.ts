import { describe, expect, it } from "vitest";
import { readMessage } from "./reading.js";

const today = { year: 2026, month: 11, day: 23 };
const read = (message: string) =>
  readMessage({ message, today, categoryNames: ["Campaigns", "Paid Social"] });

describe("reading a deletion", () => {
  it("reads “the … ones” as every annotation that matches, shown before anything goes", () => {
    expect(read("wipe out all the blue ones")).toMatchObject({
      intent: "delete",
      color: "BLUE",
      everyMatch: true,
    });
    expect(read("remove the green ones from september")).toMatchObject({
      intent: "delete",
      everyMatch: true,
      dateRange: {
        start: { year: 2026, month: 9, day: 1 },
        end: { year: 2026, month: 9, day: 30 },
      },
    });
  });

  it("keeps a title that holds such a word as one annotation", () => {
    expect(read("delete the Notes app launch")).toMatchObject({
      intent: "delete",
      target: { kind: "title", title: "Notes app launch" },
    });
  });
});

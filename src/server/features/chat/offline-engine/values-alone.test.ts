import { describe, expect, it } from "vitest";
import { readValuesAlone as valuesAlone } from "./values-alone.js";

const today = { year: 2026, month: 11, day: 23 };
const names = ["Campaigns", "Incidents", "Site/App Releases"];
const read = (message: string) => valuesAlone(message, today, names);

describe("a value said alone", () => {
  it.each([
    ["brown", { color: "BROWN" }],
    ["fine, brown", { color: "BROWN" }],
    ["bleu", { color: "BLUE" }],
    ["cyan is fine", { color: "CYAN" }],
    ["orange if possible", { unknownColour: "orange" }],
    ["just till today then", { endDate: today }],
    ["thru the 8th", { endDate: { year: 2026, month: 11, day: 8 } }],
    [
      "ok just from the 16th then, no end",
      { date: { year: 2026, month: 11, day: 16 }, clearEnd: true },
    ],
    ["red, incidents", { color: "RED", category: "Incidents" }],
    ["campaigns then", { category: "Campaigns" }],
    ["purple + campaigns", { color: "PURPLE", category: "Campaigns" }],
    ["as a release", { category: "Site/App Releases" }],
    ["two days earlier", { shiftDays: -2 }],
    ["no, the day before", { shiftDays: -1 }],
    ["the weekend before actually", { shiftDays: -7 }],
    ["it was a fortnight earlier", { shiftDays: -14 }],
    ["sorry, campaigns was right", { category: "Campaigns" }],
    ["red was right after all", { color: "RED" }],
    ["details: 3 creators, AU only", { newDescription: "3 creators, AU only" }],
  ])("reads “%s”", (message, expected) => {
    expect(read(message)).toMatchObject(expected);
  });

  it.each([
    "brown bread",
    "is it red?",
    "red and blue",
    "make a new one in red for the launch",
    "thanks",
    "x".repeat(200),
  ])("is none in “%s”", (message) => {
    expect(read(message)).toBeUndefined();
  });
});

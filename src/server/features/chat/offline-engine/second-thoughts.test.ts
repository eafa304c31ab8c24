import { describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";
import type { PendingQuestion } from "./understanding.js";

const today = { year: 2026, month: 11, day: 23 };
const read = (message: string, question?: PendingQuestion) =>
  readMessage({ message, today, categoryNames: [], ...(question ? { question } : {}) });
const askedTitle: PendingQuestion = { intent: "create", asked: "title", known: {} };

describe("second thoughts and answers", () => {
  it("reads the request after a second thought as a change of the one just made", () => {
    expect(read("oops, call it “Spring lookbook v2”")).toMatchObject({
      intent: "update",
      newTitle: "Spring lookbook v2",
      pointsBack: true,
    });
    expect(read("hmm wait, make that tuesday")).toMatchObject({
      intent: "update",
      pointsBack: true,
    });
  });

  it("takes a day set apart after the name an answer gives, never one inside the name", () => {
    expect(read("Partner payout change, on the 4th", askedTitle)).toMatchObject({
      title: "Partner payout change",
      date: { year: 2026, month: 11, day: 4 },
    });
    expect(read("Monday mailer", { ...askedTitle, known: { date: "2026-11-12" } })).toMatchObject({
      title: "Monday mailer",
      date: { year: 2026, month: 11, day: 12 },
    });
  });
});

describe("statements about the annotation just discussed", () => {
  it("reads a fact about “it” as a change of it, every word accounted for", () => {
    expect(read("hmm it was a week earlier actually, sorry")).toMatchObject({
      intent: "update",
      pointsBack: true,
      shiftDays: -7,
    });
    expect(read("should've been green tbh")).toMatchObject({ intent: "update", color: "GREEN" });
    expect(read("and it spilled over into the 15th")).toMatchObject({
      intent: "update",
      endDate: { year: 2026, month: 11, day: 15 },
    });
    expect(read("oh and description: sent to 40k people")).toMatchObject({
      intent: "update",
      newDescription: "sent to 40k people",
    });
  });

  it("leaves questions, answers and creates alone, and doubts words it cannot place", () => {
    expect(read("we shipped the new search this morning, can you log it?").intent).toBe("create");
    expect(read("Friday", askedTitle).intent).not.toBe("update");
    expect(read("it rained all day on the 5th").doubts?.length).toBeGreaterThan(0);
  });
});

describe("“it” followed by more words", () => {
  it("is the annotation just discussed, and the words after it must be accounted for", () => {
    expect(read("and make it purple while you're at it")).toMatchObject({
      intent: "update",
      color: "PURPLE",
      pointsBack: true,
    });
    expect(read("and make it purple while you're at it").doubts).toBeUndefined();
    expect(read("make it purple for the board deck").doubts?.length).toBeGreaterThan(0);
  });
});

describe("a change stated as a question", () => {
  it("is a preview, while a request with a question mark is still a request", () => {
    expect(read("so it was on the 5th?").doubts).toContain("you asked it as a question");
    expect(read("can you move it to the 5th?").doubts).toBeUndefined();
    expect(read("move it to friday?").doubts).toBeUndefined();
  });
});

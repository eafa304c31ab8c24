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

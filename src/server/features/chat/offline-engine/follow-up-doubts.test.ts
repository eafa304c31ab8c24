import { describe, expect, it } from "vitest";
import type { PendingQuestion } from "./understanding.js";
import { continueConversation, piecesToRemember } from "./continue-conversation.js";
import { noDaySaid } from "./doubts.js";
import { readIntent } from "../skills/reading.js";
import { normalise } from "./normalise.js";
import { readSlots } from "../skills/reading.js";

const today = { year: 2026, month: 11, day: 23 };
const alone = (message: string) => {
  const normalised = normalise(message);
  return { normalised, understanding: readSlots(readIntent(normalised.text), normalised, today) };
};
const answer = (message: string, question: PendingQuestion) => {
  const { normalised, understanding } = alone(message);
  return continueConversation(understanding, normalised, question, today);
};
/** The question a reading that lacks a piece leaves open, as the act stage leaves it. */
const questionAfter = (message: string, asked: PendingQuestion["asked"]): PendingQuestion => {
  const { understanding } = alone(message);
  return {
    intent: understanding.intent as PendingQuestion["intent"],
    asked,
    known: piecesToRemember(understanding),
  };
};

describe("a create that refers back and names no day", () => {
  it("is a preview, not a write on today", () => {
    for (const message of [
      'just say "Welcome emails bounced"',
      "yeah add it, call it Reddit thread went viral, cyan",
      "log it as Checkout incident",
    ]) {
      const { understanding } = alone(message);
      expect(understanding.intent, message).toBe("create");
      expect(understanding.doubts, message).toContain(noDaySaid);
    }
  });

  it("is sure when its own words name the day, or when the question knew it", () => {
    expect(alone('just say "Welcome emails bounced" on the 22nd').understanding.doubts).toBe(
      undefined,
    );
    const offered: PendingQuestion = {
      intent: "create",
      asked: "title",
      known: { date: "2026-11-21" },
    };
    const accepted = answer("yeah add it, call it Reddit thread went viral, cyan", offered);
    expect(accepted).toMatchObject({
      intent: "create",
      title: "Reddit thread went viral",
      date: { year: 2026, month: 11, day: 21 },
      color: "CYAN",
      missing: [],
    });
    expect(accepted.doubts).toBe(undefined);
  });

  it("reads an acceptance followed by a naming clause as the title", () => {
    const offered: PendingQuestion = {
      intent: "create",
      asked: "title",
      known: { date: "2026-11-14" },
    };
    expect(answer("yes please, title it Influencer mention", offered)).toMatchObject({
      intent: "create",
      title: "Influencer mention",
      date: { year: 2026, month: 11, day: 14 },
      missing: [],
    });
  });
});

describe("an offer to annotate (a traffic answer's, a story's)", () => {
  const offered: PendingQuestion = {
    intent: "create",
    asked: "title",
    offer: true,
    known: { date: "2026-11-21" },
  };

  it("is taken up by a create or a named yes, on the offered day", () => {
    for (const [message, title] of [
      ["yes please, title it Influencer mention", "Influencer mention"],
      ["add it as Checkout bug", "Checkout bug"],
    ] as const)
      expect(answer(message, offered), message).toMatchObject({
        intent: "create",
        title,
        date: { year: 2026, month: 11, day: 21 },
      });
  });

  it("is never answered by whatever comes next: a reaction is not a title", () => {
    for (const message of ["thanks", "cool, thanks", "why?", "nice", "Launch"])
      expect(answer(message, offered).intent, message).not.toBe("create");
  });
});

describe("answers to a question keep what the question knew", () => {
  it("never gives a day to a create whose day is asked for", () => {
    for (const message of [
      "we relaunched the blog last month, log it",
      'add "Leap day promo" on Feb 29, 2025',
    ]) {
      const { understanding } = alone(message);
      expect(understanding.missing, message).toContain("date");
      expect(understanding.date, message).toBe(undefined);
    }
  });

  it("keeps the year written beside a day that does not exist", () => {
    const question = questionAfter('add "Leap day promo" on Feb 29, 2025', "date");
    expect(question.known.year).toBe(2025);
    expect(answer("oh right, feb 28 then", question)).toMatchObject({
      intent: "create",
      title: "Leap day promo",
      date: { year: 2025, month: 2, day: 28 },
    });
    // A year in the answer is the answer's.
    expect(answer("feb 28, 2026", question).date).toEqual({ year: 2026, month: 2, day: 28 });
  });

  it("keeps the doubts of the reading it completes: still a preview", () => {
    const question = questionAfter(
      'move site migration to Feb 30 and add "DNS cutover" as the description',
      "date",
    );
    expect(question.known.doubts?.length).toBeGreaterThan(0);
    const completed = answer("I meant the 10th", question);
    expect(completed.intent).toBe("update");
    expect(completed.doubts?.length).toBeGreaterThan(0);
  });
});

describe("an update read with a time where the annotation should be", () => {
  it("reads a span of days as the new first and last day of the annotation pointed at", () => {
    const { understanding } = alone("wait, make that the week of the 2nd");
    expect(understanding).toMatchObject({
      intent: "update",
      pointsBack: true,
      date: { year: 2026, month: 11, day: 2 },
      endDate: { year: 2026, month: 11, day: 8 },
    });
    expect(understanding.target).toBeUndefined();
  });
});

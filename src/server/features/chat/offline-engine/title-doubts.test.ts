import { describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";

const today = { year: 2026, month: 11, day: 23 };
const read = (message: string) => readMessage({ message, today, categoryNames: [] });
const doubted = (message: string) => (read(message).doubts?.length ?? 0) > 0;

describe("a create's title that may hold something else", () => {
  it("doubts a title that holds a second day, but not the day it was read as", () => {
    expect(doubted("new annotation named Launch recap Nov 3, dated the 18th")).toBe(true);
    expect(doubted("log “Nov 15 pricing update” on Nov 15")).toBe(false);
  });

  it("doubts a holiday or a day number that may be the date when no day was read", () => {
    expect(doubted("add Halloween costume drop")).toBe(true);
    expect(doubted("add annotation promo 14")).toBe(true);
    expect(doubted("add Newsletter relaunch today")).toBe(false);
    // With no day at all, today is a guess: the create is a draft (the write gate's doubt).
    expect(read("add Newsletter relaunch").doubts).toContain(
      "you didn't say which day, so I took today",
    );
  });

  it("doubts a title cut before its value, or one that describes rather than names", () => {
    expect(doubted("create annotation: Shipping fee removed — date")).toBe(true);
    // One that only describes it is not taken as a title at all: it is asked for.
    expect(read("log whatever marketing changed on the 9th").missing).toContain("title");
  });

  it("doubts a title read around a day, or right after a day with nothing between", () => {
    expect(doubted("add Monday metrics email")).toBe(true);
    expect(doubted("add yesterday: Server restart")).toBe(false);
    expect(doubted("log Summer Sunday promo, dated the 9th")).toBe(true);
  });

  it("asks for the day of something told when the request only points back at it", () => {
    expect(read("the CDN was flaky for a while, add “CDN errors” for it").doubts).toContain(
      "you didn't say which day, so I took today",
    );
  });

  it("reads a slip as a command only where a command stands", () => {
    expect(read("Annotate yesterday: TikTok creator collab went live").title).toContain("creator");
    expect(read("creat an annotation called Webinar").intent).toBe("create");
  });
});

describe("a create over a span of weekdays", () => {
  it("takes both weekdays in the week named, never a year back", () => {
    expect(read("“Ads paused for audit” from Monday through Thursday last week")).toMatchObject({
      date: { year: 2026, month: 11, day: 16 },
      endDate: { year: 2026, month: 11, day: 19 },
    });
  });
});

describe("a story told before its name", () => {
  it("asks which day when the story names none, or one that does not exist", () => {
    expect(read("the pop-up store opened, call it “Pop-up store”").doubts).toContain(
      "you didn't say which day, so I took today",
    );
    expect(read("there was a “Billing hiccup” on the 31st of April, log it").missing).toContain(
      "date",
    );
  });
});

describe("a name given by pointing at it, or with its category after it", () => {
  it("takes the quoted name 'that name' points at, and a category in parentheses", () => {
    expect(
      read("On the 2nd the “Winback flow” went live, add an annotation with exactly that name")
        .title,
    ).toBe("Winback flow");
    const parenthesised = readMessage({
      message: "add Web release 7.2 (experiments) for Nov 11",
      today,
      categoryNames: ["Experiments"],
    });
    expect(parenthesised).toMatchObject({ title: "Web release 7.2", category: "experiments" });
  });

  it("doubts a statement given as the name, and drops the article of 'a note for the …'", () => {
    expect(read("add a note that the courier was late").doubts?.length).toBeGreaterThan(0);
    expect(read("add a note for the spring catalogue drop on friday").title).toBe(
      "spring catalogue drop",
    );
  });
});

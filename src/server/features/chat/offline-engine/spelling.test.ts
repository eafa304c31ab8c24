import { describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";
import { respelledTitle } from "./spelling.js";

describe("a title respelt for a reported typo", () => {
  it.each([
    ["Referal scheme launch", "Referral scheme launch"],
    ["Abandonned basket emails", "Abandoned basket emails"],
    ["Autum lookbook email", "Autumn lookbook email"],
    ["chrismas gift guide", "Christmas gift guide"],
    ["Sumer sale recap", "Summer sale recap"],
    ["Advent calender box", "Advent calendar box"],
    // British spellings are words: the slip is the other word.
    ["Cancelled ordres email", "Cancelled orders email"],
  ])("%s is most likely %s", (title, meant) => expect(respelledTitle(title)).toBe(meant));

  it("offers nothing for names, correct titles or words too far from any", () => {
    for (const title of [
      "Klaviyo sync outage",
      "TikTok Spark Ads flight",
      "Black Friday sale",
      "Newsletter – gift guide edition",
      "Xqzvt launch",
      "Colour of the month catalogue",
    ])
      expect(respelledTitle(title), title).toBeUndefined();
  });

  it("stays cheap on the longest words and titles", () => {
    const long = `${"Antidisestablishmentarianismm ".repeat(30)}Referal`;
    expect(respelledTitle(long)).toBeUndefined();
  });
});

describe("a reported typo with no spelling given", () => {
  const annotations = [
    { title: "Referal scheme launch", date: "2026-11-04" },
    { title: "Advent calender box", date: "2026-10-26" },
  ];
  const read = (message: string) =>
    readMessage({
      message,
      today: { year: 2026, month: 11, day: 23 },
      categoryNames: ["Campaigns"],
      annotations,
    });

  it("shows the title respelt as a change to confirm, never written at once", () => {
    for (const [message, target, title] of [
      ["Referal scheme launch has a typo in it", "Referal scheme launch", "Referral scheme launch"],
      ["there's a typo in Advent calender box", "Advent calender box", "Advent calendar box"],
      [
        "Advent calender box has a typo, calendar is spelt wrong",
        "Advent calender box",
        "Advent calendar box",
      ],
      // The person's own slip in naming it is never the spelling proposed.
      ["the advent calander box has a typo", "Advent calender box", "Advent calendar box"],
    ] as const) {
      const understood = read(message);
      expect(understood, message).toMatchObject({
        intent: "update",
        target: { kind: "title", title: target },
        newTitle: title,
      });
      expect(understood.doubts?.length, message).toBeGreaterThan(0);
    }
  });
});

import { describe, expect, it } from "vitest";
import { trafficDuring } from "./traffic-during.js";

const today = { year: 2026, month: 11, day: 23 };

describe("a traffic question over an annotation's days", () => {
  it.each([
    ["how did traffic look during the pinterest one", "pinterest"],
    ["and during the consent banner bug?", "consent banner bug"],
    ["how did traffic look while the meta one was running", "meta"],
    ["how did the site do while the podcast sponsorship was running", "podcast sponsorship"],
    ["how did traffic look while free returns was extended", "free returns"],
    ["did sessions dip during the mystery box one?", "mystery box"],
    ["did traffic drop during the pinterest one", "pinterest"],
  ])("reads '%s' as the days of “%s”", (message, title) => {
    expect(trafficDuring(message, today)).toMatchObject({
      intent: "traffic_period",
      target: { kind: "title", title },
    });
  });

  it.each([
    "how did the site do during the day",
    "how was traffic during lunch",
    "how did traffic look during easter",
    "how was traffic during the weekend?",
    "while you're at it, make it green",
    "during the sale",
  ])("reads no annotation in '%s'", (message) => {
    expect(trafficDuring(message, today)).toBeUndefined();
  });
});

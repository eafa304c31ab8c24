import { describe, expect, it } from "vitest";
import { statedEvent } from "./stated-event.js";

const today = { year: 2026, month: 11, day: 23 };

describe("an event named with its days and no verb", () => {
  it("is an event's name, then its days, and words that only link the two", () => {
    for (const message of [
      "Flash sale over the weekend",
      "Blog migration on oct 28, blue",
      "Influencer giveaway Oct 12 - Oct 18, purple pls",
      "Weekend shipping delay from fri through sun",
      "red annotation today: Login errors",
      // Names whose nouns compromise also tags as verbs ("coat", "bundles", "rebuild").
      "Coat clearance fri-sun",
      "Cyber bundles fri-sun",
      "Sitemap rebuild 16-18 november",
      "holiday pop-up shop 3rd to 5th december",
      "annotation: Loyalty tier migration, oct 20 through 24",
      // A first word compromise reads as a command, with a noun after it.
      "Mince pie giveaway fri-sun",
      "Gift wrap upsell, this past weekend",
    ])
      expect(statedEvent(message, today), message).toBe(true);
  });

  it("is never a question, a sentence that tells something, a pointer or a measure", () => {
    for (const message of [
      "what happened on the 12th",
      "Black Friday sale on Nov 28?",
      "newsletter 47 went out on the 13th fyi",
      "the one from Nov 21",
      "we launched on Monday",
      "sessions last week",
      "pageviews nov 2 to nov 8",
      "annotations last week",
      "hi, yesterday",
      "ugh ok, the 10th then",
      "checking traffic fri-sun",
      "Launch",
      "on the 12th",
      `${"Long name ".repeat(20)}on the 12th`,
    ])
      expect(statedEvent(message, today), message).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { readIntent } from "../skills/reading.js";

describe("stage 2: intents", () => {
  it.each([
    ["add ⟪0⟫ for Monday", "create", "add", "⟪0⟫ for Monday"],
    ["Would you add ⟪0⟫ for Monday?", "create", "add", "⟪0⟫ for Monday?"],
    ["Is it possible to add ⟪0⟫ for the 1st?", "create", "add", "⟪0⟫ for the 1st?"],
    ["would you be able to log Oct 2 as ⟪0⟫?", "create", "log", "Oct 2 as ⟪0⟫?"],
    ["could u log ⟪0⟫ — it was Nov 16", "create", "log", "⟪0⟫ — it was Nov 16"],
    ["delete the last one", "delete", "delete", "the last one"],
    ["make the last one red", "update", "make", "the last one red"],
    ["make an annotation called Launch", "create", "make", "an annotation called Launch"],
    ["what happened last week", "traffic_day", "what happened", "last week"],
    ["call it Partnership announced", "update", "call", "it Partnership announced"],
  ])("'%s' → %s", (text, intent, verb, rest) => {
    expect(readIntent(text)).toMatchObject({ intent, verb, rest });
  });

  it("finds the request after a story, and keeps the story", () => {
    expect(readIntent("we turned on the new checkout this morning, can you log it?")).toMatchObject(
      {
        intent: "create",
        verb: "log",
        rest: "it?",
        story: "we turned on the new checkout this morning",
      },
    );
  });

  it.each([
    ["the launch was really on the 14th", "the date of the launch to the 14th"],
    ["actually Launch happened on Nov 12", "the date of Launch to Nov 12"],
    ["Launch should have been on Friday", "the date of Launch to Friday"],
    ["it's actually called ⟪0⟫", "the title of it to ⟪0⟫"],
    ["the sale should be green", "the colour of the sale to green"],
  ])("reads a correction as a change: '%s'", (text, rest) => {
    expect(readIntent(text)).toMatchObject({ intent: "update", verb: "change", rest });
  });

  it("does not read ordinary statements as corrections", () => {
    expect(readIntent("I think it is really good").intent).toBe("unknown");
    expect(readIntent("the weather is really nice").intent).toBe("unknown");
  });

  it.each([
    ["yeah ok go for it", "confirm"],
    ["sure, sounds good", "confirm"],
    ["ok, save it", "confirm"],
    ["nope, never mind", "cancel"],
    ["hmm no, don't bother", "cancel"],
    ["on second thought, forget about it", "cancel"],
    ["what sorts of things can you help with", "help"],
    ["how do I make a note?", "help"],
    ["what should I say to add one", "help"],
    ["have I used up my allowance", "allowance"],
    ["right, sounds fine", "confirm"],
    ["ok why not", "confirm"],
    ["no no, not yet", "cancel"],
    ["ugh, don't change it", "cancel"],
    ["what can the bot do", "help"],
    ["I'm stuck", "help"],
    ["is there any cap", "allowance"],
    ["how much of my quota is left", "allowance"],
    ["my bad, roll back", "undo"],
    ["am I over the limit?", "allowance"],
    ["nah keep it", "cancel"],
    ["no no keep that one, sorry", "cancel"],
    ["actually no, keep it", "cancel"],
    // "keep it" alone is no answer: it could as well keep a draft as drop a change.
    ["keep it", "unknown"],
    ["nah on second thoughts leave it there", "cancel"],
    ["nope, changed my mind", "cancel"],
    ["nah leave it, its fine", "cancel"],
    // Said alone, "it's fine" may as well agree: asked again, never taken as a no.
    ["its fine", "unknown"],
  ])("reads the reply '%s' as %s", (text, intent) => {
    expect(readIntent(text).intent).toBe(intent);
  });

  it.each([
    ["ditch the launch one", "delete", "ditch"],
    ["could you scrap ⟪0⟫", "delete", "scrap"],
    ["I'd like a new marker for Friday", "create", "add"],
    ["can I have an annotation on the 3rd", "create", "add"],
  ])("reads '%s' as a %s (%s)", (text, intent, verb) => {
    expect(readIntent(text)).toMatchObject({ intent, verb });
  });

  it("keeps a lone command a command, not an agreement, and hesitation no answer", () => {
    expect(readIntent("log it").intent).toBe("create");
    expect(readIntent("please add it").intent).not.toBe("confirm");
    expect(readIntent("hmm, sorry").intent).toBe("unknown");
    expect(readIntent("save it").intent).not.toBe("confirm");
  });

  it.each([
    "draft me an email about the sale",
    "could you create an audience for returning buyers",
    "set up a dashboard for the team",
    "compose a linkedin post about the launch",
    "how do I add a filter to my GA4 property",
  ])("does not make an annotation of a request outside the product: '%s'", (text) => {
    // Unknown, or help when it is asked in words the product answers ("That's outside what I do").
    expect(["unknown", "help"]).toContain(readIntent(text).intent);
  });

  it("still makes an annotation when the request names one", () => {
    expect(readIntent("make me a note for Friday").intent).toBe("create");
    expect(readIntent("add a filter called Bot filter on the 2nd").intent).toBe("create");
    expect(readIntent("add newsletter on the 2nd").intent).toBe("create");
    expect(readIntent("add a tweet for friday").intent).toBe("create");
  });
});

describe("impact questions", () => {
  it.each([
    ["did the winter sale work?", "the winter sale"],
    ["what did the checkout outage cost us?", "the checkout outage"],
    ["how did the May promo perform on key events?", "the May promo"],
    ["was the relaunch worth it", "the relaunch"],
    ["what was the impact of “Release 2.4”?", "⟪0⟫"],
    ["hey, did it work?", "it"],
  ])("'%s' asks about the impact of %s", (message, target) => {
    const text = message.replace("“Release 2.4”", "⟪0⟫");
    expect(readIntent(text)).toMatchObject({ intent: "impact", rest: target });
  });

  it.each([
    "how did last Wednesday do",
    "how did traffic do yesterday?",
    "did we do well last week?",
    "did sessions drop on the 12th?",
  ])("'%s' is not one", (message) => {
    expect(readIntent(message).intent).not.toBe("impact");
  });
});

describe("asking when an event was", () => {
  it.each([
    ["when was the consent banner change", "about consent banner"],
    ["when did we start the free returns thing", "about free returns"],
    ["when did we do the site migration again?", "about site migration"],
    ["when was the core update again", "about core update"],
  ])("looks up the annotation of “%s”", (text, rest) => {
    expect(readIntent(text)).toMatchObject({ intent: "list", verb: "find", rest });
  });

  it("leaves a question about the traffic to the traffic reading", () => {
    expect(readIntent("when did traffic drop?").intent).not.toBe("list");
  });
});

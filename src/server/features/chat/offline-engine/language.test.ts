import { describe, expect, it } from "vitest";
import { firstPastVerb, openingName, openingNounPhrase } from "./language.js";

describe("the language library's reading", () => {
  it("finds a story's event by its past-tense verb, where it stands", () => {
    const text = "the checkout crashed on tuesday";
    const verb = firstPastVerb(text)!;
    expect(verb.text).toBe("crashed");
    expect(text.slice(verb.start, verb.end)).toBe("crashed");
    expect(firstPastVerb("Instagram giveaway started Dec 1 till Dec 4")?.text).toBe("started");
    expect(firstPastVerb("add a note for today")).toBeUndefined();
  });

  it("finds the noun phrase a text opens with", () => {
    expect(openingNounPhrase("Spring catalogue email went out on Dec 1")?.text).toBe(
      "Spring catalogue email",
    );
    expect(openingNounPhrase("went out on Dec 1")).toBeUndefined();
  });

  it("reads a short name whose nouns could be verbs, never talk or a sentence", () => {
    expect(openingName("Coat clearance ")?.text).toBe("Coat clearance");
    expect(openingName("holiday pop-up shop ")?.text).toBe("holiday pop-up shop");
    expect(openingName("ugh ok, the ")).toBeUndefined();
    expect(openingName("we launched it ")).toBeUndefined();
    expect(openingName("checking traffic ")).toBeUndefined();
  });

  it("tags only the opening of a long text", () => {
    const long = `${"word ".repeat(100)} crashed`;
    expect(firstPastVerb(long)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { lexiconWord, verbIntent } from "./lexicon.js";
import {
  correctCommandWords,
  correctQuestionWords,
  normalise,
  stripCourtesy,
} from "./normalise.js";

describe("stage 1: normalise", () => {
  it.each([
    [
      'Hello! Would you add "Price change" for Monday? Cheers',
      'Would you add "Price change" for Monday',
    ],
    ["Hi there, log the outage please", "log the outage"],
    ["hey team - show me last week, thanks a lot!", "show me last week"],
    ["Good morning! delete Launch. Thank you so much", "delete Launch"],
    ["thanks", "thanks"],
    ["OK!", "OK!"],
  ])("drops greetings and sign-offs: '%s'", (message, expected) => {
    expect(stripCourtesy(message)).toBe(expected);
  });

  it("swaps quoted text for placeholders and takes the property id out", () => {
    expect(normalise('hi, add "Launch 2.4" for property 123456789 thanks')).toEqual({
      original: 'hi, add "Launch 2.4" for property 123456789 thanks',
      text: "add ⟪0⟫",
      quotes: ["Launch 2.4"],
      propertyId: "123456789",
    });
  });

  it.each([
    ["craete an anotation called Launch", "create an annotation called Launch"],
    ["dleete the last one", "delete the last one"],
    ["shwo me last week", "show me last week"],
    ["Remvoe Launch", "Remove Launch"],
    ["renmae Launch to Big launch", "rename Launch to Big launch"],
    ["show last week's sale", "show last week's sale"],
    ["add Clean energy week", "add Clean energy week"],
  ])("reads misspelt command words as meant: '%s'", (message, expected) => {
    expect(correctCommandWords(message)).toBe(expected);
  });
});

describe("the lexicon", () => {
  it("tolerates small slips and leaves ordinary words alone", () => {
    expect(lexiconWord("upadte")).toBe("update");
    expect(lexiconWord("anotations")).toBe("annotations");
    expect(lexiconWord("lsit")).toBe("list");
    expect(lexiconWord("last")).toBeNull();
    expect(lexiconWord("sale")).toBeNull();
    expect(lexiconWord("launch")).toBeNull();
    // A lexicon word inflected is that word, never a slip to correct ("filtered out …").
    expect(lexiconWord("filtered")).toBeNull();
    expect(lexiconWord("searching")).toBeNull();
    expect(correctCommandWords("desc: filtered out from the 8th")).toBe(
      "desc: filtered out from the 8th",
    );
    expect(verbIntent("reschedual")).toBe("update");
    expect(verbIntent("delte")).toBe("delete");
  });
});

describe("slips in a question's first word", () => {
  it.each([
    ["whats there for yesterday", "what's there for yesterday"],
    ["Waht happened to traffic on tuesday", "What happened to traffic on tuesday"],
    ["hw many left for today", "how many left for today"],
    ["whats annoted on the 19th", "what's annotated on the 19th"],
    // Only where a question starts: a title's "wat" or "hw" inside a message stays.
    ["log Hw launch today", "log Hw launch today"],
  ])("'%s' reads as '%s'", (message, meant) => {
    expect(correctQuestionWords(message)).toBe(meant);
  });
});

import { describe, expect, it } from "vitest";
import { editWithYes, readReply, yesThenEdit } from "./yes-no.js";

const reading = (message: string, waiting?: Parameters<typeof readReply>[1]) =>
  readReply(message, waiting).reading;

describe("the one reader of yes and no", () => {
  it.each([
    "yes",
    "Yeah, go ahead.",
    "sure, do it",
    "go for it",
    "yep 👍",
    "yup👍",
    "yes please, thanks",
    "ok yes",
    "yes that's right",
    "yes thats right",
    "looks good, save it",
    "I'm sure",
    "let's do it",
    "yup go",
    "aye go on",
    "yes that one",
  ])("'%s' is a yes", (message) => expect(reading(message)).toBe("yes"));

  it.each(["ok", "sure", "sounds good", "that's fine", "perfect", "correct", "👍", "sure why not"])(
    "'%s' agrees without saying yes",
    (message) => expect(reading(message)).toBe("agreement"),
  );

  it.each([
    "no",
    "nah, keep it",
    "nope, changed my mind",
    "no actually leave it as is",
    "nah on second thoughts leave it there",
    "no thanks",
    "don't delete it",
    "hmm no leave it",
    "no wait",
    "ok, never mind",
    "not yet",
    "oh it's already there, never mind",
    "nope, keep it, wrong one",
    "ah we already have that one. skip",
    "oh no i meant this year, it's not out yet. forget it",
    "hmm actually homepage is fine, leave it",
    "hmm no, hang on",
    "no sorry, typed that in the wrong window",
    "ignore that, wrong tab",
    "no, don't touch it",
    "ah no, leave it as it is",
  ])("'%s' is a no", (message) => expect(reading(message)).toBe("no"));

  it.each([
    "hmm",
    "sorry",
    "its fine",
    "thanks",
    "yes no",
    "no wait, yes do it",
    "yes, but first show me the list",
    "yes, make it green",
    "yesterday",
    "undo",
    "ok?",
    "nah undo that",
  ])("'%s' is no reply", (message) => expect(reading(message)).toBe("other"));

  it("reads the words that drop a draft as the yes to a deletion", () => {
    expect(reading("yep bin it", "delete")).toBe("yes");
    expect(reading("nah, scrap it", "create")).toBe("no");
    expect(reading("yep bin it", "create")).toBe("other");
  });

  it("reads 'keep it' alone as a no only to a deletion", () => {
    expect(reading("keep it", "delete")).toBe("no");
    expect(reading("keep it", "create")).toBe("agreement");
    expect(reading("keep it")).toBe("other");
  });

  it("takes a draft dropped as a no, but not over a deletion, where it could be the yes", () => {
    expect(reading("nah, scrap it", "create")).toBe("no");
    expect(reading("ditch that", "update")).toBe("no");
    expect(reading("scrap it", "delete")).toBe("other");
  });

  it("takes a yes naming an action only for that action", () => {
    expect(reading("ok delete it", "delete")).toBe("yes");
    expect(reading("ok delete it", "create")).toBe("other");
    expect(reading("yes log it", "create")).toBe("yes");
    expect(readReply("delete it").startsWithVerb).toBe(true);
    expect(readReply("yes delete it").startsWithVerb).toBe(false);
    expect(readReply("please delete it").startsWithVerb).toBe(true);
  });

  it("reads a long run of units as a message of its own, in one pass", () => {
    expect(reading("yes ".repeat(40))).toBe("other");
    expect(reading(`${"no ".repeat(5000)}x`)).toBe("other");
  });
});

describe("an edit said with its yes", () => {
  it.each([
    ["make it the 17th and yes save", "make it the 17th"],
    ["yep friday is the date, save it", "friday is the date"],
    ["call it Payday push - go ahead", "call it Payday push"],
  ])("'%s' edits with '%s' and says yes", (message, edit) =>
    expect(editWithYes(message, "create")).toEqual({ edit }),
  );

  it.each([
    "yes, but first show me the list",
    "yes, make it green",
    "make it green",
    "make it green, then we'll see",
    "no, make it green",
  ])("'%s' is no edit with a yes", (message) =>
    expect(editWithYes(message, "create")).toBeUndefined(),
  );

  it("takes no yes that names another action", () => {
    expect(editWithYes("make it the 17th and delete it", "create")).toBeUndefined();
  });

  it("reads a yes said first, then the edit", () => {
    expect(yesThenEdit("yes but brown", "create")).toEqual({ edit: "brown" });
    expect(yesThenEdit("yes, make it green", "create")).toEqual({ edit: "make it green" });
    expect(yesThenEdit("no, make it green", "create")).toBeUndefined();
  });

  it("takes a deletion's own words as its yes, and only over a deletion", () => {
    expect(reading("yup get rid of it", "delete")).toBe("yes");
    expect(reading("yup get rid of it", "create")).toBe("other");
  });
});

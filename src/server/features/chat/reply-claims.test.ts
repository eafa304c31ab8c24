import { describe, expect, it } from "vitest";
import { claimsIn, linesOfSentences, setAsideQuotedTitles } from "./reply-claims.js";

const claims = (sentence: string) => [...claimsIn(sentence)].sort();

describe("what a model's sentence claims happened", () => {
  it.each([
    ["Everything is gone.", ["delete"]],
    ["All your annotations have been purged.", ["delete"]],
    ["I deleted all of them.", ["delete"]],
    ["Deleted all.", ["delete"]],
    ["All annotations deleted.", ["delete"]],
    ["I've wiped the property clean", ["delete"]],
    ["Created “Launch” on Nov 3.", ["create"]],
    ["I added three annotations for you.", ["create"]],
    ["It was logged on the 3rd.", ["create"]],
    ["Updated.", ["update"]],
    ["I renamed it and made it green.", ["update"]],
    ["Done.", ["success"]],
    ["All set!", ["success"]],
    ["The annotation was successfully saved", ["success"]],
    ["I upgraded you to Premium.", ["plan"]],
    ["You're now on Premium", ["plan"]],
    ["I raised your daily limit to 50.", ["plan"]],
    ["Your Premium subscription is now active, and I removed the quota.", ["delete", "plan"]],
  ])("%s → %j", (sentence, expected) => expect(claims(sentence)).toEqual(expected));

  it.each([
    "Shall I add it?",
    "Should I delete “Launch” too?",
    "Nothing was deleted.",
    "No annotations were changed.",
    "I didn't create it, because categories are a Premium feature.",
    "I haven't changed anything yet",
    "I deleted nothing.",
    "Here are the ones you added last week:",
    "Sessions changed by -20% against the week before.",
    "Here is what changed last week",
    "You have 3 annotations in November.",
    "Upgrade to Premium to edit annotations.",
    "Your daily limit resets at midnight UTC.",
    "Editing annotations is a Premium feature.",
    "Traffic dropped on Nov 12 and no annotation explains it.",
    "You have one saved property: Shop (ID 123).",
    "Delete “Launch” (2026-11-03)?",
  ])("%s → nothing", (sentence) => expect(claims(sentence)).toEqual([]));
});

describe("titles set aside before reading claims", () => {
  it("takes out only quoted titles that a tool showed, and puts them back", () => {
    const text = "“Deleted old pages” is on Nov 3. Deleted old pages, too.";
    const { text: readable, putBack } = setAsideQuotedTitles(text, ["Deleted old pages"]);
    const [line] = linesOfSentences(readable);
    expect(claims(line![0]!)).toEqual([]);
    // Unquoted, the same words are the model's own statement.
    expect(claims(line![1]!)).toEqual(["delete"]);
    expect(line!.map(putBack).join(" ")).toBe(text);
  });

  it("leaves an unseen quoted phrase to be read", () => {
    const { text } = setAsideQuotedTitles("“Everything is gone.”", ["Launch"]);
    expect(claims(text)).toEqual(["delete"]);
  });

  it("keeps a model's lines as lines", () => {
    expect(linesOfSentences("Here they are. Two of them.\n• Launch\n\n• Sale")).toEqual([
      ["Here they are.", "Two of them."],
      ["• Launch"],
      ["• Sale"],
    ]);
  });
});

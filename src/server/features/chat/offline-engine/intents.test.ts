import { describe, expect, it } from "vitest";
import { readIntent } from "./intents.js";

describe("stage 2: intents", () => {
  it.each([
    ["add ⟪0⟫ for Monday", "create", "add", "⟪0⟫ for Monday"],
    ["Would you add ⟪0⟫ for Monday?", "create", "add", "⟪0⟫ for Monday?"],
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
});

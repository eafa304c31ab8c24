import { describe, expect, it } from "vitest";
import { findColor } from "./extract-color.js";

const colourIn = (text: string, mode: "cued" | "update" | "loose" = "cued") =>
  findColor(text, mode)?.color;

describe("a misspelt colour", () => {
  it.each([
    ["make it grean", "GREEN"],
    ["add X on the 4th in browm", "BROWN"],
    ["add X on 7th nov in cyna", "CYAN"],
    ["add X yesterday colour: redd", "RED"],
    ["add X 2026-11-11 bleu", "BLUE"],
    ["add X oct 5, paid social, pruple", "PURPLE"],
    ["recolour X purpul", "PURPLE"],
    ["with colour purpel", "PURPLE"],
  ])("'%s' is %s where a colour is cued or ends the message", (text, colour) =>
    expect(colourIn(text)).toBe(colour),
  );

  it("is only a colour where one is cued or ends the message", () => {
    expect(colourIn("add Grean tea week on the 3rd")).toBeUndefined();
    expect(colourIn("add grean tea week on the 3rd")).toBeUndefined();
  });

  it("never takes a real word one slip from a colour's name", () => {
    for (const text of [
      "add Sale in store",
      "log the glue",
      "add Holiday blues",
      "log it as greet",
      "add it in people",
      "log the reed",
      "add new brow",
    ])
      expect(colourIn(text, "update"), text).toBeUndefined();
  });

  it("finds the cued colour after a cue word that is not one ('in store, in cyna')", () => {
    expect(colourIn("launch in store, in cyna")).toBe("CYAN");
  });
});

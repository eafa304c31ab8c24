import { describe, expect, it } from "vitest";
import { extractQuotes } from "./quoted-text.js";

describe("quoted words", () => {
  it("keep an apostrophe inside single quotes as part of the words", () => {
    expect(extractQuotes("add 'Last year's xmas ad' 20/12/2025")).toEqual({
      text: "add ⟪0⟫ 20/12/2025",
      quotes: ["Last year's xmas ad"],
    });
    expect(extractQuotes("add ‘Mum’s day’ today").quotes).toEqual(["Mum’s day"]);
  });

  it("leave apostrophes outside quotes alone", () => {
    expect(extractQuotes("don't add 'X'")).toEqual({ text: "don't add ⟪0⟫", quotes: ["X"] });
    expect(extractQuotes("it's 'a' and 'b'").quotes).toEqual(["a", "b"]);
    expect(extractQuotes("last month's sale").quotes).toEqual([]);
  });

  it("read many single quotes in one pass", () => {
    expect(extractQuotes("'x' ".repeat(20_000)).quotes).toHaveLength(20_000);
    expect(extractQuotes("'x ".repeat(20_000)).quotes).toHaveLength(0);
  });
});

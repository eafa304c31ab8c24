import { describe, expect, it } from "vitest";
import { memoizeRecent } from "./memoize-recent.js";

describe("memoizeRecent", () => {
  it("computes each input once while it is among the most recent", () => {
    const calls: string[] = [];
    const length = memoizeRecent((input: string) => (calls.push(input), input.length), { size: 2 });
    expect([length("a"), length("bb"), length("a"), length("bb")]).toEqual([1, 2, 1, 2]);
    expect(calls).toEqual(["a", "bb"]);
  });

  it("forgets the oldest input when full", () => {
    const calls: string[] = [];
    const upper = memoizeRecent((input: string) => (calls.push(input), input.toUpperCase()), {
      size: 2,
    });
    for (const input of ["a", "b", "c", "a"]) upper(input);
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });

  it("does not keep results it is told not to remember", () => {
    const calls: string[] = [];
    const parse = memoizeRecent(
      (input: string) => (calls.push(input), /^\d+$/.test(input) ? Number(input) : null),
      {
        size: 10,
        remember: (result) => result !== null,
      },
    );
    for (const input of ["12", "x", "12", "x"]) parse(input);
    expect(calls).toEqual(["12", "x", "x"]);
  });
});

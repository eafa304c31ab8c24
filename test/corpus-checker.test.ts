import { describe, expect, it } from "vitest";
import {
  checkConversation,
  parseConversations,
} from "../src/server/features/chat/skills/corpus-check.js";

/**
 * The corpus checker reads a conversation as the product answers it: a create shown as a draft
 * waits, and the next message edits it, confirms it or drops it, through the product's own
 * functions. A line that states something else still fails.
 */
const conversation = (lines: string) =>
  parseConversations(`@annotation Site migration | date=2026-11-09\n## talk\n${lines}`)[0]!;

describe("the corpus checker over a waiting draft", () => {
  it("scores a colour said over a draft as the draft changed, and a yes as its create", () => {
    const results = checkConversation(
      conversation(
        [
          '> add "Halloween recap" for Oct 31 in orange',
          "= create | title=Halloween recap; date=2026-10-31; outcome=preview",
          "> brown then",
          "= create | title=Halloween recap; date=2026-10-31; color=brown; outcome=preview",
          "> yes",
          "= confirm | title=Halloween recap; date=2026-10-31; color=brown",
        ].join("\n"),
      ),
    );
    expect(results.map((result) => result.differences)).toEqual([[], [], []]);
    expect(results.some((result) => result.wrongWrite)).toBe(false);
  });

  it("still fails a line that states another result", () => {
    const [, edited] = checkConversation(
      conversation(
        [
          '> add "Halloween recap" for Oct 31 in orange',
          "= create | title=Halloween recap; date=2026-10-31; outcome=preview",
          "> brown then",
          "= create | title=Halloween recap; date=2026-10-31; color=green; outcome=preview",
        ].join("\n"),
      ),
    );
    expect(edited!.passed).toBe(false);
    expect(edited!.differences).toContain("color: brown ≠ green");
  });
});

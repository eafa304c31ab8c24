import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  blindCategoryNames,
  checkCase,
  checkConversation,
  parseConversations,
  parseCorpus,
  parseDeclaredAnnotations,
} from "../src/server/features/chat/skills/corpus-check.js";

/**
 * The offline engine against phrasings written as people write. The development set is what the
 * engine is tuned against and must stay at or above 97%; the held-out and blind sets are only
 * reported (`npm run bench` prints them too), so that no one tunes the engine to them. On every
 * set the engine writes nothing wrong: a reading it is not sure of is a preview, not a write.
 */
const text = (name: string) =>
  readFileSync(new URL(`./assistant-corpus/${name}.txt`, import.meta.url), "utf8");
const dev = parseCorpus(text("dev"));
const heldOut = parseCorpus(text("held-out"));
const blind = parseCorpus(text("blind"));
const conversationsText = text("blind-conversations");
const conversations = parseConversations(conversationsText);
const blindOptions = {
  categoryNames: blindCategoryNames,
  annotations: parseDeclaredAnnotations(conversationsText),
};

const wrongWrites = (results: ReturnType<typeof checkCase>[]) =>
  results
    .filter((result) => result.wrongWrite)
    .map(
      (result) => `${result.case.line} ${result.case.message}: ${result.differences.join("; ")}`,
    );

describe("the phrasing corpus", () => {
  it("has the development, held-out and blind sets", () => {
    expect(dev.length + heldOut.length).toBeGreaterThanOrEqual(400);
    expect(heldOut.length).toBeGreaterThanOrEqual(100);
    expect(blind.length + conversations.length).toBeGreaterThanOrEqual(300);
  });

  it("reads at least 97% of the development set right", () => {
    const results = dev.map((corpusCase) => checkCase(corpusCase));
    const failures = results.filter((result) => !result.passed);
    const accuracy = 1 - failures.length / results.length;
    if (accuracy < 0.97)
      console.warn(
        failures
          .map((f) => `dev.txt:${f.case.line} ${f.case.message}\n    ${f.differences.join("; ")}`)
          .join("\n"),
      );
    expect(accuracy).toBeGreaterThanOrEqual(0.97);
  });

  it("writes nothing wrong on the development, held-out and blind sets", () => {
    expect(wrongWrites(dev.map((c) => checkCase(c)))).toEqual([]);
    expect(wrongWrites(heldOut.map((c) => checkCase(c)))).toEqual([]);
    expect(wrongWrites(blind.map((c) => checkCase(c, undefined, blindOptions)))).toEqual([]);
  });

  it("reports the held-out and blind shares, and writes nothing wrong in the blind conversations", () => {
    const share = (name: string, results: { passed: boolean }[]) => {
      const passed = results.filter((result) => result.passed).length;
      console.warn(
        `${name}: ${passed}/${results.length} (${((100 * passed) / results.length).toFixed(1)}%)`,
      );
      return passed;
    };
    expect(
      share(
        "held-out",
        heldOut.map((c) => checkCase(c)),
      ),
    ).toBeGreaterThan(0);
    expect(
      share(
        "blind",
        blind.map((c) => checkCase(c, undefined, blindOptions)),
      ),
    ).toBeGreaterThan(0);
    const turns = conversations.flatMap((conversation) => checkConversation(conversation));
    share("blind conversations (turns)", turns);
    // Each turn read with what the conversation before it left: nothing written wrong there either.
    expect(wrongWrites(turns)).toEqual([]);
  });
});

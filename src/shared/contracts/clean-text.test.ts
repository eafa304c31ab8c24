import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { annotationDescription, annotationTitle, createAnnotationRequest } from "./annotations.js";
import { createCategoryRequest } from "./categories.js";
import { sendChatRequest } from "./chat.js";
import {
  cleanText,
  cleanTextMessages,
  hasDisguisingDirection,
  hasForbiddenCharacters,
  isInvisibleText,
  toSafeText,
  visibleLength,
} from "./clean-text.js";

const date = { year: 2026, month: 1, day: 5 };

describe("clean text", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["a bell", "a\u0007b"],
    ["DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
    ["a lone high surrogate", "a\ud800b"],
    ["a lone low surrogate", "a\udc00b"],
    ["a high surrogate at the end", "ab\ud83d"],
  ])("refuses %s in a title, naming the field", (_name, title) => {
    const result = createAnnotationRequest.safeParse({ title, annotationDate: date });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Title contains characters/);
  });

  it("allows tabs and line breaks only where several lines make sense", () => {
    expect(createAnnotationRequest.safeParse({ title: "a\tb", annotationDate: date }).success).toBe(
      false,
    );
    expect(
      createAnnotationRequest.safeParse({
        title: "ok",
        description: "line one\r\nline two\tindented",
        annotationDate: date,
      }).success,
    ).toBe(true);
    expect(sendChatRequest.safeParse({ message: "list\nall\tplease" }).success).toBe(true);
    const nul = sendChatRequest.safeParse({ message: "list\u0000" });
    expect(nul.error?.issues[0]?.message).toMatch(/^Message contains characters/);
  });

  it("counts characters as people see them", () => {
    expect(visibleLength("👍🏽")).toBe(1);
    expect(visibleLength("é")).toBe(1);
    expect(visibleLength("👨‍👩‍👧")).toBe(1);
    // 100 thumbs up are 100 characters though 200 UTF-16 units.
    const hundred = "👍".repeat(100);
    expect(
      createAnnotationRequest.safeParse({ title: hundred, annotationDate: date }).success,
    ).toBe(true);
    const tooMany = createAnnotationRequest.safeParse({
      title: hundred + "👍",
      annotationDate: date,
    });
    expect(tooMany.error?.issues[0]?.message).toBe("Title must be 100 characters or fewer");
  });

  it("keeps astral characters and replaces only what cannot be kept", () => {
    expect(hasForbiddenCharacters("🎉 launch", false)).toBe(false);
    expect(toSafeText("a\u0000b\ud800c🎉\nd", false)).toBe("a\uFFFDb\uFFFDc🎉\uFFFDd");
    expect(toSafeText("a\nb\tc", true)).toBe("a\nb\tc");
    expect(toSafeText("plain")).toBe("plain");
  });

  it("names the field in every message", () => {
    const name = cleanText({ label: "Category name", maxLength: 5, required: true });
    expect(name.safeParse(" ").error?.issues[0]?.message).toBe("Category name is required");
    expect(name.safeParse(42).error?.issues[0]?.message).toBe("Category name must be text");
    expect(name.safeParse("abcdef").error?.issues[0]?.message).toBe(
      "Category name must be 5 characters or fewer",
    );
    expect(name.parse("  ab  ")).toBe("ab");
  });

  it("refuses one visible character made of thousands of combining marks", () => {
    const field = cleanText({ label: "Title", maxLength: 100 });
    expect(field.safeParse("a" + "\u0301".repeat(5000)).success).toBe(false);
  });
});

const titleMessages = cleanTextMessages("Title", 100);
const firstProblem = (schema: { safeParse(value: unknown): unknown }, value: unknown) =>
  (schema.safeParse(value) as { error?: { issues: { message: string }[] } }).error?.issues[0]
    ?.message ?? null;

describe("text that would look empty", () => {
  it.each([
    ["a zero-width space", "\u200B"],
    ["zero-width joiners and non-joiners", "\u200C\u200D\u200C"],
    ["a word joiner and a byte order mark inside spaces", " \u2060\uFEFF\u2060 "],
    ["soft hyphens", "\u00AD\u00AD"],
    ["a Hangul filler", "\u3164"],
    ["a variation selector", "\uFE0F"],
    ["tag characters", "\u{E0041}\u{E0042}"],
  ])("refuses %s as a title, saying so", (_name, title) => {
    expect(firstProblem(annotationTitle, title)).toBe(titleMessages.invisible);
  });

  it("keeps the plain 'required' message for an empty or blank title", () => {
    expect(firstProblem(annotationTitle, "")).toBe("Title is required");
    expect(firstProblem(annotationTitle, "   ")).toBe("Title is required");
  });

  it("keeps joiners where words need them", () => {
    // A family emoji (joined by U+200D), Persian with a non-joiner, a word with a soft hyphen.
    for (const title of ["👨\u200D👩\u200D👧 day", "می\u200Cخواهم", "Mega\u00ADsale"])
      expect(annotationTitle.safeParse(title).success).toBe(true);
  });

  it("refuses an invisible category name and chat message too, each naming its field", () => {
    expect(firstProblem(createCategoryRequest, { name: "\u200B\u200B", color: "BLUE" })).toMatch(
      /^Category name has no visible characters/,
    );
    expect(firstProblem(sendChatRequest, { message: "\u200B" })).toMatch(
      /^Message has no visible characters/,
    );
  });
});

describe("direction controls that disguise text", () => {
  it.each([
    ["a right-to-left override", "Invoice \u202Efdp.exe"],
    ["a left-to-right override", "\u202DSale"],
    ["an embedding", "\u202BSale\u202C"],
    ["an isolate", "Sale \u2067reversed\u2069"],
    ["a first-strong isolate", "\u2068Sale\u2069"],
    ["a right-to-left mark in Latin text", "Sale 10\u200F-20"],
    ["a left-to-right mark in Latin text", "\u200ESale"],
    ["an Arabic letter mark with no Arabic", "Q1\u061C2"],
  ])("refuses %s in a title and a description", (_name, text) => {
    expect(firstProblem(annotationTitle, text)).toBe(titleMessages.direction);
    expect(firstProblem(annotationDescription, text)).toBe(
      cleanTextMessages("Description", 1000).direction,
    );
  });

  it("keeps direction marks in text that mixes in a right-to-left script", () => {
    for (const title of ["מבצע\u200F 2025", "Launch \u200Fإطلاق\u200E v2", "عرض\u061C 10%"])
      expect(annotationTitle.safeParse(title).success).toBe(true);
  });

  it("lets a chat message carry them: what it asks to store is checked where it lands", () => {
    expect(sendChatRequest.safeParse({ message: 'Create "\u202Eabc" today' }).success).toBe(true);
  });
});

// Alphabets whose every character's class is known, so a property can state the rule without
// repeating the implementation.
const invisibles = [
  " ",
  "\u00A0",
  "\u200B",
  "\u200C",
  "\u200D",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "\u3164",
  "\uFE0F",
  "\u034F",
  "\u2063",
];
const directionControlChars = [
  ...["\u202A", "\u202B", "\u202C", "\u202D", "\u202E"],
  ...["\u2066", "\u2067", "\u2068", "\u2069"],
];
const directionMarkChars = ["\u200E", "\u200F", "\u061C"];
const leftToRight = ["a", "Z", "7", "-", ".", "é", "ß", "日", "🎉", "Ж"];
const rightToLeft = ["א", "ש", "ب", "ع", "ܐ", "ހ"];
const joinersOnly = ["\u200B", "\u200C", "\u200D", "\u2060", "\u00AD"];
const from = (alphabet: string[], options: { minLength?: number; maxLength?: number } = {}) =>
  fc
    .array(fc.constantFrom(...alphabet), { maxLength: 40, ...options })
    .map((characters) => characters.join(""));
const settings = { numRuns: 300, seed: 20260401 };
/** `text` with `inserted` between two of its characters (never inside a surrogate pair). */
function insertAt(text: string, inserted: string, at: number): string {
  const characters = Array.from(text);
  const cut = at % (characters.length + 1);
  return [...characters.slice(0, cut), inserted, ...characters.slice(cut)].join("");
}

describe("the cleaning rules (property-based)", () => {
  it("calls text invisible exactly when every character in it is invisible", () => {
    const alphabet = [...invisibles, ...directionMarkChars, ...leftToRight, ...rightToLeft];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }), (characters) => {
        const expected = characters.every(
          (c) => invisibles.includes(c) || directionMarkChars.includes(c),
        );
        expect(isInvisibleText(characters.join(""))).toBe(expected);
      }),
      settings,
    );
  });

  it("refuses every title of invisible characters only, and never accepts one", () => {
    fc.assert(
      fc.property(from(invisibles, { minLength: 1 }), (title) => {
        const problem = firstProblem(annotationTitle, title);
        expect([titleMessages.required, titleMessages.invisible]).toContain(problem);
      }),
      settings,
    );
  });

  it("accepts visible text however many zero-width characters are mixed in, and keeps them", () => {
    const visibleWithJoiners = fc
      .tuple(from(leftToRight, { minLength: 1, maxLength: 20 }), from(joinersOnly), fc.nat())
      .map(([visible, hidden, at]) => insertAt(visible, hidden, at));
    fc.assert(
      fc.property(visibleWithJoiners, (title) => {
        const result = annotationTitle.safeParse(title);
        expect(result.success).toBe(true);
        expect(result.data).toBe(title.trim());
      }),
      settings,
    );
  });

  it("finds a disguise exactly when a control is present, or a mark without right-to-left letters", () => {
    const alphabet = [
      ...leftToRight,
      ...rightToLeft,
      ...directionControlChars,
      ...directionMarkChars,
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }), (characters) => {
        const has = (set: string[]) => characters.some((c) => set.includes(c));
        const expected =
          has(directionControlChars) || (has(directionMarkChars) && !has(rightToLeft));
        expect(hasDisguisingDirection(characters.join(""))).toBe(expected);
      }),
      settings,
    );
  });

  it("refuses a direction control anywhere in an otherwise good title or description", () => {
    const planted = fc
      .tuple(
        from([...leftToRight, ...rightToLeft], { minLength: 1, maxLength: 50 }),
        fc.constantFrom(...directionControlChars),
        fc.nat(),
      )
      .map(([text, control, at]) => "x" + insertAt(text, control, at));
    fc.assert(
      fc.property(planted, (text) => {
        expect(firstProblem(annotationTitle, text)).toBe(titleMessages.direction);
        expect(annotationDescription.safeParse(text).success).toBe(false);
      }),
      settings,
    );
  });

  it("never throws, and what a title accepts is neither invisible nor disguised", () => {
    const anyText = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      from([
        ...invisibles,
        ...directionControlChars,
        ...directionMarkChars,
        ...leftToRight,
        ...rightToLeft,
      ]),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const result = annotationTitle.safeParse(text);
        if (!result.success) return;
        expect(isInvisibleText(result.data)).toBe(false);
        expect(hasDisguisingDirection(result.data)).toBe(false);
        expect(hasForbiddenCharacters(result.data, false)).toBe(false);
      }),
      settings,
    );
  });
});

import { describe, expect, it } from "vitest";
import { createAnnotationRequest } from "./annotations.js";
import { sendChatRequest } from "./chat.js";
import { cleanText, hasForbiddenCharacters, toSafeText, visibleLength } from "./clean-text.js";

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

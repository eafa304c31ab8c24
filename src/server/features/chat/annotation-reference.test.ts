import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import { findReferenced } from "./annotation-reference.js";
import { findPropertyMention } from "./offline-engine/property-mention.js";

const annotation = (id: string, title: string, dateAdded: string | null = null): Annotation => ({
  annotationId: id,
  name: `properties/1/reportingDataAnnotations/${id}`,
  title,
  description: "",
  annotationDate: { year: 2026, month: 11, day: 1 },
  color: "BLUE",
  dateAdded,
  categoryId: null,
  systemGenerated: false,
});
const all = [
  annotation("1", "Launch", "2026-11-01T00:00:00Z"),
  annotation("2", "Launch retro", "2026-11-03T00:00:00Z"),
  annotation("3", "Black Friday sale"),
  annotation("4", "Black Friday email"),
];

describe("finding the annotation a request names", () => {
  it("finds one by its words in their order, with others between, as a guess", () => {
    const titles = [
      annotation("5", "TikTok creator push"),
      annotation("6", "Black Friday teaser emails"),
      annotation("7", "Loyalty points relaunch"),
      annotation("8", "Android app 7.2"),
    ];
    for (const [said, id] of [
      ["tiktok push", "5"],
      ["black friday teasers", "6"],
      ["the loyalty relaunch", "7"],
      ["android 7.2 annotation", "8"],
    ] as const)
      expect(findReferenced(titles, { kind: "title", title: said }), said).toEqual({
        kind: "found",
        annotation: titles.find((a) => a.annotationId === id),
        loose: true,
      });
    // Out of order it is still a guess ("the manchester radio spots"); with a word the title
    // does not have, not that one.
    expect(findReferenced(titles, { kind: "title", title: "push tiktok" })).toMatchObject({
      kind: "found",
      loose: true,
    });
    expect(findReferenced(titles, { kind: "title", title: "tiktok dance push" }).kind).toBe("none");
    // A part of one title as written is found, and said to be a part.
    expect(findReferenced(titles, { kind: "title", title: "gift guide" })).toMatchObject({
      kind: "none",
    });
    expect(findReferenced(titles, { kind: "title", title: "creator push" })).toEqual({
      kind: "found",
      annotation: titles[0],
      partial: true,
    });
    // Words that fit several are never guessed between.
    expect(findReferenced(all, { kind: "title", title: "black friday" }).kind).toBe("ambiguous");
  });

  it("takes a longer word one letter apart as the title's word, still as a guess", () => {
    const titles = [annotation("9", "Referal program launch"), annotation("10", "Spring sale")];
    expect(findReferenced(titles, { kind: "title", title: "the referral launch" })).toEqual({
      kind: "found",
      annotation: titles[0],
      loose: true,
    });
    // Short words are not stretched: "sail" is no slip of "sale".
    expect(findReferenced(titles, { kind: "title", title: "spring sail" }).kind).toBe("none");
  });

  it("prefers an exact title, ignoring case and spacing", () => {
    expect(findReferenced(all, { kind: "title", title: " launch " })).toMatchObject({
      kind: "found",
      annotation: { annotationId: "1" },
    });
  });
  it("takes a part of a title when only one matches, and never guesses between several", () => {
    expect(findReferenced(all, { kind: "title", title: "retro" })).toMatchObject({
      kind: "found",
      annotation: { annotationId: "2" },
    });
    const several = findReferenced(all, { kind: "title", title: "black friday" });
    expect(several.kind).toBe("ambiguous");
    expect(findReferenced(all, { kind: "title", title: "nothing like it" }).kind).toBe("none");
  });
  it("reads the last one as the most recently added", () => {
    expect(findReferenced(all, { kind: "last" })).toMatchObject({
      annotation: { annotationId: "2" },
    });
    expect(findReferenced(all, { kind: "id", annotationId: "4" })).toMatchObject({
      annotation: { title: "Black Friday email" },
    });
  });
});

describe("the one reader of property ids", () => {
  it.each([
    ["show annotations for property 123456789", "123456789", "show annotations"],
    ["use properties/42 please", "42", "use please"],
    ["property id: 987654", "987654", ""],
  ])("'%s'", (message, propertyId, rest) => {
    const found = findPropertyMention(message)!;
    expect(found.propertyId).toBe(propertyId);
    expect(
      `${message.slice(0, found.index)} ${message.slice(found.end)}`.trim().replace(/\s+/g, " "),
    ).toBe(rest);
  });
  it("finds none in other numbers", () => {
    expect(findPropertyMention("add Release 4.2 on 2026-11-02")).toBeUndefined();
  });
});

describe("an annotation named by its colour", () => {
  it("is the one of that colour, or one whose title holds the colour's word", () => {
    const coloured = [
      { ...annotation("1", "Green packaging switch"), color: "BROWN" as const },
      { ...annotation("2", "Winter sale"), color: "GREEN" as const },
      annotation("3", "Launch"),
    ];
    expect(findReferenced(coloured, { kind: "color", color: "GREEN" })).toMatchObject({
      kind: "ambiguous",
    });
    expect(findReferenced(coloured, { kind: "color", color: "BROWN" })).toMatchObject({
      kind: "found",
      annotation: { annotationId: "1" },
    });
    expect(findReferenced(coloured, { kind: "color", color: "RED" }).kind).toBe("none");
  });
});

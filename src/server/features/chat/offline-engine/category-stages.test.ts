import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../../shared/contracts/annotations.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import { premiumFeatureMessages } from "../../../../shared/plans.js";
import { matchCategory } from "../../categories/categories-service.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { PendingQuestion } from "../conversation-state.js";
import { act } from "../skills/act.js";
import { continueConversation } from "./continue-conversation.js";
import { findCategory, findCategoryAdjective, findCategoryInList } from "./extract-category.js";
import { readIntent } from "../skills/reading.js";
import { normalise } from "./normalise.js";
import { resolve } from "../skills/resolve.js";
import { readSlots } from "../skills/reading.js";

const today = { year: 2026, month: 11, day: 23 };
const names = ["Campaigns", "Incidents", "Paid Social", "Organic Social"];
const read = (message: string, categoryNames: readonly string[] = names) => {
  const normalised = normalise(message);
  return readSlots(readIntent(normalised.text), normalised, today, categoryNames);
};

const category = (id: string, name: string, color: Category["color"]): Category => ({
  id,
  name,
  color,
  description: null,
  titleTemplate: null,
  isDefault: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});
const categories = [
  category("c1", "Campaigns", "PURPLE"),
  category("c2", "Incidents", "RED"),
  category("c3", "Paid Social", "GREEN"),
  category("c4", "Organic Social", "CYAN"),
];

const annotation = (id: string, title: string, categoryId: string | null = null): Annotation => ({
  annotationId: id,
  name: `properties/1/reportingDataAnnotations/${id}`,
  title,
  description: "",
  annotationDate: { year: 2026, month: 11, day: 20 },
  color: "BLUE",
  dateAdded: null,
  categoryId,
  systemGenerated: false,
});

/** Actions over fixed categories and annotations that record what they were asked to do. */
function fakeActions(plan: "premium" | "freemium" = "premium") {
  const calls: [string, unknown][] = [];
  const annotations = [annotation("1", "Black Friday"), annotation("2", "CDN down", "c2")];
  const actions = {
    mayChange: async () => ({ ok: true, value: undefined }),
    usableCategories: async () => (plan === "premium" ? categories : []),
    matchCategory: async (reference: string) =>
      plan === "premium"
        ? { ok: true, value: matchCategory(categories, reference) }
        : { ok: false, error: premiumFeatureMessages.categories, code: "premium_required" },
    listAnnotations: async (filter: { categoryId?: string }) => {
      calls.push(["list", filter]);
      const listed = annotations.filter(
        (a) => !filter.categoryId || a.categoryId === filter.categoryId,
      );
      return { ok: true, value: { propertyId: "1", annotations: listed } };
    },
    createAnnotation: async (request: {
      title: string;
      annotationDate: Annotation["annotationDate"];
      color?: string;
      categoryId?: string;
    }) => {
      calls.push(["create", request]);
      return {
        ok: true,
        value: {
          ...annotation("9", request.title, request.categoryId ?? null),
          annotationDate: request.annotationDate,
          color: request.color ?? "BLUE",
        },
      };
    },
    updateAnnotation: async (reference: unknown, request: { color?: string }) => {
      calls.push(["update", { reference, request }]);
      const before = annotations[0]!;
      return { ok: true, value: { before, after: { ...before, ...request } } };
    },
  } as unknown as AssistantActions;
  return { actions, calls };
}

async function turn(
  message: string,
  options: { plan?: "premium" | "freemium"; question?: PendingQuestion; focus?: boolean } = {},
) {
  const { actions, calls } = fakeActions(options.plan);
  const normalised = normalise(message);
  const categoryNames = (await actions.usableCategories()).map((c) => c.name);
  const alone = readSlots(readIntent(normalised.text), normalised, today, categoryNames);
  const understood = continueConversation(alone, normalised, options.question, today);
  const focus = options.focus
    ? { propertyId: "1", annotationId: "1", title: "Black Friday" }
    : undefined;
  const resolution = await resolve(understood, focus, actions);
  const result = await act(resolution, {
    actions,
    today,
    propertyId: "1",
    memory: focus ? { focus } : {},
  });
  return { result, calls };
}

describe("finding where a message names a category", () => {
  it("takes any name after an unmistakable cue, and only category words in looser places", () => {
    const quotes = ["Black Friday"];
    expect(findCategory("⟪0⟫ in the Growth Team category", quotes, names)?.reference).toBe(
      "Growth Team",
    );
    expect(findCategory("⟪0⟫ under Promos", quotes, names)?.reference).toBe("Promos");
    expect(findCategory("⟪0⟫ with category: Promos today", quotes, names)?.reference).toBe(
      "Promos",
    );
    expect(findCategory("⟪0⟫ in Paid Social", quotes, names)?.reference).toBe("Paid Social");
    expect(findCategory("⟪0⟫ as a release", quotes, [])?.reference).toBe("release");
    // A colour, a month, a place: not category words.
    expect(findCategory("⟪0⟫ in red", quotes, names)).toBeUndefined();
    expect(findCategory("⟪0⟫ in March", quotes, names)).toBeUndefined();
    expect(findCategory("⟪0⟫ in Paris", quotes, names)).toBeUndefined();
    // "Tag manager" is a title, not "tag it …".
    expect(findCategory("Tag manager update", [], names)).toBeUndefined();
    // Words after the name that only hedge it are no part of it.
    expect(findCategory("it's under campaigns though", [], names)?.reference).toBe("campaigns");
    expect(findCategory("actually its more of an incident", [], [])?.reference).toBe("incident");
    expect(findCategory("it was a paid social thing", [], names)?.reference).toBe("paid social");
  });

  it("reads a category word before a quoted title or an annotation word as the category", () => {
    expect(findCategoryAdjective("a release ⟪0⟫ today", [])?.reference).toBe("release");
    expect(findCategoryAdjective("a Campaigns annotation ⟪0⟫", names)?.reference).toBe("Campaigns");
    expect(findCategoryAdjective("an incident: CDN down", [])?.reference).toBe("incident");
    // "Release 4.2" is the title.
    expect(findCategoryAdjective("Release 4.2 today", [])).toBeUndefined();
  });

  it("reads a category word standing for the annotations in a list, but not after 'about'", () => {
    expect(findCategoryInList("me the incidents", names)?.reference).toBe("incidents");
    expect(findCategoryInList("my Paid Social ones", names)?.reference).toBe("Paid Social");
    expect(findCategoryInList("annotations about releases", names)).toBeUndefined();
  });
});

describe("category names are the person's own text", () => {
  it("never break the reading, whatever they and the message contain", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 4 }), text, (categoryNames, tail) => {
        for (const message of [`log "A" ${tail}`, `put it in ${tail}`, `show the ${tail}`]) {
          const reading = read(message, categoryNames);
          if (reading.category !== undefined) expect(reading.category.trim()).not.toBe("");
        }
        for (const name of categoryNames) {
          const reading = read(`log "Launch" in ${name}`, categoryNames);
          expect(reading.title).toBe("Launch");
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("stage 3: category slots", () => {
  it("keeps a quoted title whole even when it is a category's name", () => {
    expect(read('log "Incidents" today')).toMatchObject({ intent: "create", title: "Incidents" });
    expect(read('log "Incidents" today').category).toBeUndefined();
    expect(read("log Release 4.3 today")).toMatchObject({ title: "Release 4.3" });
    expect(read("log Release 4.3 today").category).toBeUndefined();
  });

  it("reads the issue's phrasings", () => {
    expect(read('log a release "Checkout v2" today')).toMatchObject({
      intent: "create",
      title: "Checkout v2",
      category: "release",
      date: today,
    });
    expect(read('create a Campaigns annotation "Winter sale" on Dec 1')).toMatchObject({
      intent: "create",
      title: "Winter sale",
      category: "Campaigns",
    });
    expect(read("show me the incidents from last month")).toMatchObject({
      intent: "list",
      category: "incidents",
      dateRange: { start: { month: 10, day: 1 }, end: { month: 10, day: 31 } },
    });
    expect(read('put "Black Friday" in Campaigns')).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Black Friday" },
      category: "Campaigns",
      missing: [],
    });
  });

  it("reads 'put it in …' as a change to the annotation in focus, and a dated put as a create", () => {
    expect(read("put it in Incidents")).toMatchObject({
      intent: "update",
      pointsBack: true,
      category: "Incidents",
    });
    expect(read('put "Sale" on Nov 28 in Campaigns')).toMatchObject({
      intent: "create",
      title: "Sale",
      category: "Campaigns",
    });
  });

  it("reads taking an annotation out of its category, and 'categorise it' without a name", () => {
    expect(read('remove "Black Friday" from Campaigns')).toMatchObject({
      intent: "update",
      clearCategory: true,
      target: { kind: "title", title: "Black Friday" },
    });
    expect(read('set the category of "Sale" to none')).toMatchObject({ clearCategory: true });
    expect(read("categorise it").missing).toContain("category");
  });

  it("reads a category among the filters of 'delete all …'", () => {
    expect(read("delete all the incidents from last week")).toMatchObject({
      intent: "delete",
      everyMatch: true,
      category: "incidents",
      missing: [],
    });
  });
});

describe("stage 4: an answer to 'which category?'", () => {
  const question: PendingQuestion = {
    intent: "create",
    asked: "category",
    known: { title: "Launch", date: "2026-11-12" },
    categoryOptions: ["Paid Social", "Organic Social"],
  };
  const answer = (message: string) => {
    const normalised = normalise(message);
    return continueConversation(
      readSlots(readIntent(normalised.text), normalised, today, names),
      normalised,
      question,
      today,
    );
  };

  it.each([
    ["Organic Social", "Organic Social"],
    ["the second one", "Organic Social"],
    ["in Paid Social", "Paid Social"],
    ["put it in the Paid Social category", "Paid Social"],
    // Words after the name that only settle it.
    ["Organic Social then", "Organic Social"],
    ["Paid Social is fine", "Paid Social"],
    ["it's under Paid Social though", "Paid Social"],
  ])("%s", (message, name) => {
    expect(answer(message)).toMatchObject({
      intent: "create",
      title: "Launch",
      date: { month: 11, day: 12 },
      category: name,
      missing: [],
    });
  });
});

describe("stages 5 and 6: a category resolved and used", () => {
  it("creates in the category with the category's colour, as the dialogs do", async () => {
    const { result, calls } = await turn('log an incident "Checkout down" today in blue');
    expect(calls).toEqual([
      [
        "create",
        {
          title: "Checkout down",
          annotationDate: today,
          color: "RED",
          categoryId: "c2",
        },
      ],
    ]);
    expect(result.reply).toBe(
      "Created “Checkout down” (2026-11-23) in Incidents (red). Incidents annotations take the category's colour, so it is red, not blue.",
    );
  });

  it("says plainly when the person has no such category, asks which of theirs, and writes nothing", async () => {
    const { result, calls } = await turn('log a release "Checkout v2" today');
    expect(result.reply).toBe(
      "You don't have a category called “release”. Your categories: Campaigns, Incidents, Paid Social, Organic Social. Which should it go in? Or say “no category”.",
    );
    expect(result.memory?.question).toMatchObject({
      intent: "create",
      asked: "category",
      categoryOptions: ["Campaigns", "Incidents", "Paid Social", "Organic Social"],
    });
    expect(calls).toEqual([]);
  });

  it("asks which category when a name could be several, and completes the create with the answer", async () => {
    const { result, calls } = await turn('log "Meta ads" today under social');
    expect(calls).toEqual([]);
    expect(result.reply).toBe(
      "“social” could be Paid Social or Organic Social. Which category do you mean?",
    );
    const question = result.memory?.question;
    expect(question).toMatchObject({
      intent: "create",
      asked: "category",
      known: { title: "Meta ads", date: "2026-11-23" },
      categoryOptions: ["Paid Social", "Organic Social"],
    });
    const next = await turn("the first one", { question: question! });
    expect(next.calls).toEqual([
      ["create", { title: "Meta ads", annotationDate: today, color: "GREEN", categoryId: "c3" }],
    ]);
  });

  it("gives a free person the Premium explanation, writes nothing, and keeps their request without the category", async () => {
    const { result, calls } = await turn('log a release "Checkout v2" yesterday in red', {
      plan: "freemium",
    });
    expect(calls).toEqual([]);
    expect(result.reply).toBe(
      `${premiumFeatureMessages.categories} I haven't created “Checkout v2”. To add it without a category, choose “Use this request” below to put it in your message box and send it.`,
    );
    expect(result.suggestedInput).toBe(
      'Create an annotation called "Checkout v2" on 2026-11-22 in red',
    );
    // The suggestion reads back as the same request, without the category.
    expect(read(result.suggestedInput!, [])).toMatchObject({
      intent: "create",
      title: "Checkout v2",
      color: "RED",
      date: { month: 11, day: 22 },
    });
  });

  it("puts the annotation in focus in a category", async () => {
    const { result, calls } = await turn("put it in Campaigns", { focus: true });
    expect(calls.at(-1)).toEqual([
      "update",
      {
        reference: { kind: "id", annotationId: "1" },
        request: { categoryId: "c1", color: "PURPLE" },
      },
    ]);
    expect(result.reply).toBe("Put “Black Friday” (2026-11-20) in Campaigns (purple).");
  });

  it("offers to create an annotation that 'put “X” in …' does not find, in that category", async () => {
    const { result, calls } = await turn('put "Spring promo" in Campaigns');
    expect(calls).toEqual([["list", {}]]);
    expect(result.reply).toBe(
      "I couldn't find an annotation called “Spring promo” in this property. To create it in Campaigns, choose “Use this request” below to put it in your message box and send it.",
    );
    expect(result.suggestedInput).toBe(
      'Create an annotation called "Spring promo" on 2026-11-23 in the "Campaigns" category',
    );
    expect(read(result.suggestedInput!)).toMatchObject({
      intent: "create",
      title: "Spring promo",
      category: "Campaigns",
      date: today,
    });
  });

  it("keeps a list's period while it asks which category", async () => {
    const { result } = await turn("show me the annotations in the social category from last month");
    expect(result.reply).toBe(
      "“social” could be Paid Social or Organic Social. Which category do you mean?",
    );
    const next = await turn("Paid Social", { question: result.memory!.question! });
    expect(next.calls).toEqual([
      [
        "list",
        {
          startDate: { year: 2026, month: 10, day: 1 },
          endDate: { year: 2026, month: 10, day: 31 },
          categoryId: "c3",
        },
      ],
    ]);
  });

  it("filters a list by the category", async () => {
    const { result, calls } = await turn("show me the incidents");
    expect(calls).toEqual([["list", { categoryId: "c2" }]]);
    expect(result.reply).toMatch(/^1 annotation in Incidents:\n• 2026-11-20 — CDN down/);
  });
});

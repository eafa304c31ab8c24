import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";
import { categoryPresets } from "../src/shared/categories.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { Category } from "../src/shared/contracts/categories.js";
import { premiumFeatureMessages } from "../src/shared/plans.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { ScriptedModel } from "./scripted-model.js";

/**
 * The assistant and categories, end to end through /api/chat: on the offline engine
 * and on a scripted language model, both through the categories and annotations services.
 */
const clock = new Date("2026-11-23T15:00:00Z");
const scripted = new ScriptedModel();
let offline: AppHarness;
let modelled: AppHarness;

beforeAll(async () => {
  [offline, modelled] = await Promise.all([
    startAppHarness({ deps: { now: () => clock } }),
    startAppHarness({
      deps: {
        now: () => clock,
        assistantEngine: {
          kind: "llm",
          assistant: createLlmAssistant({ model: scripted.model, timeoutMs: 5_000 }),
        },
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([offline?.close(), modelled?.close()]);
});

type Person = TestPerson & { harness: AppHarness; sessionId?: string };
const person = async (harness: AppHarness, tier: "freemium" | "premium"): Promise<Person> => ({
  ...(await setUpPerson(harness, tier)),
  harness,
});
const inject = (who: Person, options: InjectOptions) => who.harness.app.inject(options);

async function say(who: Person, message: string) {
  const response = await inject(who, {
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: {
      message,
      propertyId: who.propertyId,
      ...(who.sessionId ? { sessionId: who.sessionId } : {}),
      timeZone: "UTC",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  who.sessionId = response.json().sessionId;
  return response.json() as { reply: string; suggestedInput: string | null };
}

async function category(who: Person, payload: Record<string, unknown>): Promise<Category> {
  const response = await inject(who, {
    method: "POST",
    url: "/api/categories",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Category;
}

const annotationsOf = async (who: Person) =>
  (
    await inject(who, {
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    })
  ).json().reportingDataAnnotations as Annotation[];

const titled = async (who: Person, title: string) =>
  (await annotationsOf(who)).find((a) => a.title === title);

/** The person chooses the free plan: their categories stay stored, unusable. */
async function downgrade(who: Person) {
  const response = await inject(who, {
    method: "PATCH",
    url: "/api/users/subscription",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { tier: "freemium" },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("the offline assistant and categories", () => {
  it("creates in a category named by a preset's word, with the category's colour", async () => {
    const who = await person(offline, "premium");
    const releases = await category(who, {
      name: "Site/App Releases",
      color: "BLUE",
      titleTemplate: categoryPresets[1]!.titleTemplate,
    });
    const campaigns = await category(who, { name: "Campaigns", color: "PURPLE" });

    // The title follows the category's template, as the create dialog writes it.
    expect((await say(who, 'log a release "Checkout v2" today')).reply).toBe(
      "Created “RELEASE · Checkout v2” (2026-11-23) in Site/App Releases (blue).",
    );
    expect(await titled(who, "RELEASE · Checkout v2")).toMatchObject({
      categoryId: releases.id,
      color: "BLUE",
      annotationDate: { year: 2026, month: 11, day: 23 },
    });

    expect(
      (await say(who, 'create a Campaigns annotation "Winter sale" on Dec 1 2025')).reply,
    ).toBe("Created “Winter sale” (2025-12-01) in Campaigns (purple).");
    expect(await titled(who, "Winter sale")).toMatchObject({
      categoryId: campaigns.id,
      color: "PURPLE",
    });
  });

  it("puts an annotation in a category, follows up on 'it', and lists by category", async () => {
    const who = await person(offline, "premium");
    const incidents = await category(who, { name: "Incidents", color: "RED" });
    const campaigns = await category(who, { name: "Campaigns", color: "PURPLE" });

    await say(who, 'add "Black Friday" on Nov 28 2025 in green');
    expect((await say(who, 'put "Black Friday" in Campaigns')).reply).toBe(
      "Put “Black Friday” (2025-11-28) in Campaigns (purple).",
    );
    expect(await titled(who, "Black Friday")).toMatchObject({
      categoryId: campaigns.id,
      color: "PURPLE",
    });

    await say(who, 'log "CDN down" on Oct 14');
    expect((await say(who, "put it in Incidents")).reply).toBe(
      "Put “CDN down” (2026-10-14) in Incidents (red).",
    );
    expect(await titled(who, "CDN down")).toMatchObject({
      categoryId: incidents.id,
      color: "RED",
    });

    const listed = await say(who, "show me the incidents from last month");
    expect(listed.reply).toMatch(
      /^1 annotation in Incidents from 2026-10-01 to 2026-10-31:\n• 2026-10-14 — CDN down \(red, Incidents\)$/m,
    );
    // A deletion of "all the incidents" previews only that category's annotations.
    await say(who, 'log "Sale email" on Oct 20');
    const preview = await say(who, "delete all the incidents from last month");
    expect(preview.reply).toMatch(/^Delete “CDN down” \(2026-10-14\)\?/);
    expect((await say(who, 'remove "Black Friday" from Campaigns')).reply).toBe(
      "Took “Black Friday” (2025-11-28) out of its category.",
    );
    expect(await titled(who, "Black Friday")).toMatchObject({ categoryId: null });
  });

  it("says plainly when the person has no such category, asks which of theirs, and writes nothing until answered", async () => {
    const who = await person(offline, "premium");
    await category(who, { name: "Campaigns", color: "PURPLE" });
    await category(who, { name: "Incidents", color: "RED" });
    const before = await annotationsOf(who);

    expect((await say(who, 'log "Checkout v2" today in the Releases category')).reply).toBe(
      "You don't have a category called “Releases”. Your categories: Campaigns, Incidents. Which should it go in? Or say “no category”.",
    );
    expect(await annotationsOf(who)).toEqual(before);
    // The answer finishes the same request: "no category" makes it in none.
    expect((await say(who, "no category then, just save it")).reply).toMatch(
      /^Created “Checkout v2” \(2026-11-23\)/,
    );
    expect(await titled(who, "Checkout v2")).toMatchObject({ categoryId: null });
    const after = await annotationsOf(who);
    expect((await say(who, 'log "Checkout v3" today in the Releases category')).reply).toMatch(
      /Which should it go in\?/,
    );
    expect((await say(who, "ok just put it in incidents")).reply).toBe(
      "Created “Checkout v3” (2026-11-23) in Incidents (red).",
    );
    expect(await annotationsOf(who)).toHaveLength(after.length + 1);

    // "put “X” in …" when there is no “X”: the create is offered, and one send makes it.
    const before2 = await annotationsOf(who);
    const offer = await say(who, 'put "Spring promo" in Campaigns');
    expect(offer.suggestedInput).toBe(
      'Create an annotation called "Spring promo" on 2026-11-23 in the "Campaigns" category',
    );
    expect(await annotationsOf(who)).toEqual(before2);
    expect((await say(who, offer.suggestedInput!)).reply).toBe(
      "Created “Spring promo” (2026-11-23) in Campaigns (purple).",
    );
  });

  it("asks which category when a name fits several, then completes the create", async () => {
    const who = await person(offline, "premium");
    const paid = await category(who, { name: "Paid Social", color: "GREEN" });
    await category(who, { name: "Organic Social", color: "CYAN" });

    expect((await say(who, 'log "Meta ads" today under social')).reply).toBe(
      "“social” could be Organic Social or Paid Social. Which category do you mean?",
    );
    expect(await titled(who, "Meta ads")).toBeUndefined();
    expect((await say(who, "Paid Social")).reply).toBe(
      "Created “Meta ads” (2026-11-23) in Paid Social (green).",
    );
    expect(await titled(who, "Meta ads")).toMatchObject({ categoryId: paid.id, color: "GREEN" });
  });

  it("gives a free person the Premium explanation, writes nothing, and keeps the request without the category", async () => {
    const who = await person(offline, "premium");
    await category(who, { name: "Incidents", color: "RED" });
    await downgrade(who);
    const before = await annotationsOf(who);

    const refused = await say(who, 'log an incident "Checkout down" yesterday');
    expect(refused.reply).toBe(
      `${premiumFeatureMessages.categories} I haven't created “Checkout down”. To add it without a category, choose “Use this request” below to put it in your message box and send it.`,
    );
    expect(refused.suggestedInput).toBe(
      'Create an annotation called "Checkout down" on 2026-11-22',
    );
    expect(await annotationsOf(who)).toEqual(before);

    expect((await say(who, "show me the incidents")).reply).toMatch(
      new RegExp(`^${premiumFeatureMessages.categories}`),
    );
    // The suggestion, sent as it is, creates the annotation without a category.
    expect((await say(who, refused.suggestedInput!)).reply).toBe(
      "Created “Checkout down” (2026-11-22) in blue.",
    );
    expect(await titled(who, "Checkout down")).toMatchObject({ categoryId: null });
  });
});

describe("the language model's tools and categories", () => {
  /** A tool result naming the category, whether the prompt carries it as JSON or as text. */
  const categoryField = /\\*"category\\*":\\*"Incidents\\*"/;

  it("creates in a category the model found with listCategories, by its ID, the category setting its colour", async () => {
    const who = await person(modelled, "premium");
    const incidents = await category(who, { name: "Incidents", color: "RED" });
    scripted.script(
      { toolCalls: [{ toolName: "listCategories", input: {} }] },
      {
        toolCalls: [
          {
            toolName: "createAnnotation",
            input: {
              title: "CDN down",
              annotationDate: { year: 2026, month: 11, day: 22 },
              color: "BLUE",
              categoryId: incidents.id,
            },
          },
        ],
      },
      { text: "Created “CDN down” in Incidents." },
    );
    // What Google accepted, in the server's words: title, day, category and its colour.
    expect((await say(who, "log an incident CDN down yesterday")).reply).toBe(
      "Created “CDN down” (2026-11-22) in Incidents (red).",
    );
    expect(await titled(who, "CDN down")).toMatchObject({
      categoryId: incidents.id,
      color: "RED",
    });
    // The model was given the category's ID to pass on, and told the category it wrote in.
    expect(JSON.stringify(scripted.calls[1]!.prompt)).toContain(incidents.id);
    expect(JSON.stringify(scripted.calls[2]!.prompt)).toMatch(categoryField);
    // The writes take a category by its ID; the chat's own listing by its name.
    const tools = scripted.calls[0]!.tools as { name: string; inputSchema: unknown }[];
    const schemaOf = (name: string) =>
      JSON.stringify(tools.find((t) => t.name === name)?.inputSchema);
    for (const name of ["createAnnotation", "updateAnnotation"]) {
      expect(schemaOf(name)).toContain('"categoryId"');
      expect(schemaOf(name)).not.toContain('"category"');
    }
    expect(schemaOf("listAnnotations")).toContain('"category"');
    expect(tools.map((t) => t.name)).toContain("listCategories");

    scripted.script(
      { toolCalls: [{ toolName: "listAnnotations", input: { category: "Incidents" } }] },
      { text: "One incident." },
    );
    await say(who, "show me the incidents");
    const listed = JSON.stringify(scripted.calls[1]!.prompt);
    expect(listed).toContain("CDN down");
    expect(listed).toMatch(categoryField);

    const made = (await titled(who, "CDN down"))!;
    scripted.script(
      {
        toolCalls: [
          {
            toolName: "updateAnnotation",
            input: { annotationId: made.annotationId, changes: { categoryId: null } },
          },
        ],
      },
      { text: "Took it out of Incidents." },
    );
    await say(who, "take CDN down out of its category");
    expect(await titled(who, "CDN down")).toMatchObject({ categoryId: null });
  });

  it("returns a category ID that is not the person's as a tool error the model relays, and nothing is written, even if the model retries without it", async () => {
    const who = await person(modelled, "premium");
    await category(who, { name: "Campaigns", color: "PURPLE" });
    // Another person's category: a real ID, but not one this person may use.
    const stranger = await person(modelled, "premium");
    const theirs = await category(stranger, { name: "Releases", color: "GREEN" });
    const before = await annotationsOf(who);
    const checkout = { title: "Checkout v2", annotationDate: { year: 2026, month: 11, day: 23 } };
    scripted.script(
      {
        toolCalls: [
          { toolName: "createAnnotation", input: { ...checkout, categoryId: theirs.id } },
        ],
      },
      { toolCalls: [{ toolName: "createAnnotation", input: checkout }] },
      { text: "Created “Checkout v2”." },
    );
    const turn = await say(who, 'log "Checkout v2" today in Releases');
    const error = "That category was not found.";
    expect(JSON.stringify(scripted.calls[1]!.prompt)).toContain(error);
    // The retry without the category is this message's second change, refused.
    expect(JSON.stringify(scripted.calls[2]!.prompt)).toContain(
      "Only one annotation can be created, changed or deleted per message",
    );
    // The model's claim is replaced by what happened.
    expect(turn.reply).toContain(error);
    expect(turn.reply).toContain("No annotations were changed.");
    expect(await annotationsOf(who)).toEqual(before);
    expect(await annotationsOf(stranger)).not.toContainEqual(
      expect.objectContaining({ title: "Checkout v2" }),
    );
  });

  it("gives a free person the Premium explanation as the tool's error, with the request kept without the category", async () => {
    // A category made on Premium stays stored after the downgrade, its ID unusable.
    const who = await person(modelled, "premium");
    const releases = await category(who, { name: "Releases", color: "GREEN" });
    await downgrade(who);
    const before = await annotationsOf(who);
    scripted.script(
      {
        toolCalls: [
          {
            toolName: "createAnnotation",
            input: {
              title: "Checkout v2",
              annotationDate: { year: 2026, month: 11, day: 23 },
              categoryId: releases.id,
            },
          },
        ],
      },
      { text: "Categories are a Premium feature, so I didn't create it." },
    );
    const turn = await say(who, 'log a release "Checkout v2" today');
    expect(JSON.stringify(scripted.calls[1]!.prompt)).toContain(premiumFeatureMessages.categories);
    expect(turn.suggestedInput).toBe('Create an annotation called "Checkout v2" on 2026-11-23');
    expect(await annotationsOf(who)).toEqual(before);
  });
});

import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { annotationCategories, annotationMetadata, users } from "../src/server/db/schema/index.js";
import { createAnnotationRecordsRepository } from "../src/server/features/annotations/annotation-records-repository.js";
import { createCategoriesRepository } from "../src/server/features/categories/categories-repository.js";
import { createCategoriesService } from "../src/server/features/categories/categories-service.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import { categoriesPerPersonLimit, categoryPresets } from "../src/shared/categories.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { Category } from "../src/shared/contracts/categories.js";
import { premiumFeatureMessages } from "../src/shared/plans.js";
import {
  connectGoogleAnalytics,
  freshEmail,
  requestAs,
  sameOrigin,
  setUpPerson,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
  type CookieJar,
  type TestPerson,
} from "./app-harness.js";

let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  await control(harness.sandbox.url, "POST", "/reset");
});

const inject = (options: InjectOptions) => harness.app.inject(options);

const get = (jar: CookieJar, url: string) => requestAs(harness, jar, "GET", url);
const send = (
  jar: CookieJar,
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) => requestAs(harness, jar, method, url, payload);

async function setTier(email: string, tier: "freemium" | "premium" | null): Promise<void> {
  await harness.database.db
    .update(users)
    .set({ subscriptionTier: tier })
    .where(eq(users.email, email));
}

/** A signed-in person without Google: enough for the categories API itself. */
async function member(tier: "freemium" | "premium" | null) {
  const email = freshEmail(tier ?? "planless");
  const jar = await signInWithEmailLink(harness, email);
  await setTier(email, tier);
  const [row] = await harness.database.db.select().from(users).where(eq(users.email, email));
  return { jar, email, userId: row!.id };
}

const listCategories = async (jar: CookieJar) => {
  const response = await get(jar, "/api/categories");
  expect(response.statusCode).toBe(200);
  return response.json().categories as Category[];
};
const createCategory = (jar: CookieJar, payload: unknown) =>
  send(jar, "POST", "/api/categories", payload);
async function created(jar: CookieJar, payload: Record<string, unknown>): Promise<Category> {
  const response = await createCategory(jar, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Category;
}
const storedCount = async (userId: string) => {
  const [row] = await harness.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(annotationCategories)
    .where(eq(annotationCategories.userId, userId));
  return row!.count;
};

describe("who may use the categories API", () => {
  it("answers 401 to a signed-out visitor on every call", async () => {
    const id = "6f1c1f5e-0000-4000-8000-000000000000";
    const calls: InjectOptions[] = [
      { method: "GET", url: "/api/categories" },
      { method: "POST", url: "/api/categories", payload: { name: "A", color: "RED" } },
      { method: "PATCH", url: `/api/categories/${id}`, payload: { name: "B" } },
      { method: "DELETE", url: `/api/categories/${id}` },
    ];
    for (const call of calls) {
      const response = await inject({ ...call, headers: sameOrigin });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it.each([
    ["freemium", "freemium"],
    ["plan-less", null],
  ] as const)("refuses a %s user with the Premium message, on every call", async (_label, tier) => {
    const who = await member(tier);
    const id = "6f1c1f5e-0000-4000-8000-000000000000";
    const responses = [
      await get(who.jar, "/api/categories"),
      await createCategory(who.jar, { name: "Releases", color: "BLUE" }),
      await send(who.jar, "PATCH", `/api/categories/${id}`, { name: "B" }),
      await send(who.jar, "DELETE", `/api/categories/${id}`),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: premiumFeatureMessages.categories,
        code: "premium_required",
      });
    }
    expect(await storedCount(who.userId)).toBe(0);
  });

  it("keeps a person's categories when they drop to the free plan, and gives them back on Premium", async () => {
    const who = await member("premium");
    const kept = await created(who.jar, { name: "Launches", color: "PURPLE" });

    await setTier(who.email, "freemium");
    expect((await get(who.jar, "/api/categories")).statusCode).toBe(403);
    expect((await send(who.jar, "DELETE", `/api/categories/${kept.id}`)).statusCode).toBe(403);
    expect(await storedCount(who.userId)).toBe(1);

    await setTier(who.email, "premium");
    expect(await listCategories(who.jar)).toEqual([kept]);
  });
});

describe("creating, listing, editing and deleting", () => {
  it("creates a category with every field and answers 201 with it", async () => {
    const who = await member("premium");
    const response = await createCategory(who.jar, {
      name: "  Site/App Releases  ",
      color: "BLUE",
      description: "  Feature flags, deploys, rollbacks ",
      titleTemplate: "RELEASE ·[Team/System]·  [What] · [Scope] · [Env]",
    });
    expect(response.statusCode).toBe(201);
    const category = response.json() as Category;
    expect(category).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Site/App Releases",
      color: "BLUE",
      description: "Feature flags, deploys, rollbacks",
      titleTemplate: "RELEASE · [Team/System] · [What] · [Scope] · [Env]",
      isDefault: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await listCategories(who.jar)).toEqual([category]);
  });

  it("stores a blank description or template as none", async () => {
    const who = await member("premium");
    const category = await created(who.jar, {
      name: "Plain",
      color: "GREEN",
      description: "   ",
      titleTemplate: "",
    });
    expect(category).toMatchObject({ description: null, titleTemplate: null });
  });

  it("creates each of the five presets as the shared module defines them", async () => {
    const who = await member("premium");
    for (const preset of categoryPresets) {
      await created(who.jar, {
        name: preset.name,
        color: preset.color,
        description: preset.description,
        titleTemplate: preset.titleTemplate,
      });
    }
    const listed = await listCategories(who.jar);
    expect(listed.map((category) => category.titleTemplate)).toEqual(
      expect.arrayContaining(categoryPresets.map((preset) => preset.titleTemplate)),
    );
    expect(listed.map((category) => category.name)).toEqual([
      "Campaigns & Promos",
      "Experiments",
      "External Shocks",
      "Incidents/Outages",
      "Site/App Releases",
    ]);
  });

  it("adds the five recommended categories in one request, marked as such, once", async () => {
    const who = await member("premium");
    await created(who.jar, { name: "experiments", color: "RED" });
    const first = await send(who.jar, "POST", "/api/categories/recommended");
    expect(first.statusCode, first.body).toBe(201);
    // The one held already (by name, any case) is kept as it is, not added twice.
    expect((first.json().categories as Category[]).map((c) => c.name)).toEqual(
      categoryPresets.filter((p) => p.key !== "experiments").map((p) => p.name),
    );
    const listed = await listCategories(who.jar);
    expect(listed).toHaveLength(5);
    for (const preset of categoryPresets.filter((p) => p.key !== "experiments"))
      expect(listed.find((c) => c.name === preset.name)).toMatchObject({
        color: preset.color,
        description: preset.description,
        titleTemplate: preset.titleTemplate,
        isDefault: true,
      });
    expect(listed.find((c) => c.name === "experiments")).toMatchObject({
      color: "RED",
      isDefault: false,
    });
    const again = await send(who.jar, "POST", "/api/categories/recommended");
    expect(again.json()).toEqual({ categories: [] });
    expect(await storedCount(who.userId)).toBe(5);
  });

  it("adds none of the recommended set when all would not fit under the limit", async () => {
    const who = await member("premium");
    for (let index = 0; index < categoriesPerPersonLimit - 2; index++)
      await created(who.jar, { name: `Own ${index}`, color: "BLUE" });
    const refused = await send(who.jar, "POST", "/api/categories/recommended");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("category_limit");
    expect(await storedCount(who.userId)).toBe(categoriesPerPersonLimit - 2);
  });

  it("counts each category's annotations for the person who linked them", async () => {
    const who = await member("premium");
    const used = await created(who.jar, { name: "Used", color: "BLUE" });
    const unused = await created(who.jar, { name: "Unused", color: "RED" });
    await harness.database.db.insert(annotationMetadata).values([
      { userId: who.userId, propertyId: "1", annotationId: "a1", categoryId: used.id },
      { userId: who.userId, propertyId: "2", annotationId: "a2", categoryId: used.id },
      { userId: who.userId, propertyId: "2", annotationId: "a3", categoryId: null },
    ]);
    const response = (await get(who.jar, "/api/categories")).json();
    expect(response.annotationCounts).toEqual({ [used.id]: 2, [unused.id]: 0 });
  });

  it("lists by name ignoring case", async () => {
    const who = await member("premium");
    for (const name of ["beta", "Alpha", "gamma", "Delta"]) {
      await created(who.jar, { name, color: "RED" });
    }
    expect((await listCategories(who.jar)).map((category) => category.name)).toEqual([
      "Alpha",
      "beta",
      "Delta",
      "gamma",
    ]);
  });

  it("updates any field and answers with the updated category", async () => {
    const who = await member("premium");
    const original = await created(who.jar, {
      name: "Promos",
      color: "PURPLE",
      description: "Old",
      titleTemplate: "PROMO · [What]",
    });

    const renamed = await send(who.jar, "PATCH", `/api/categories/${original.id}`, {
      name: " Campaigns ",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: original.id,
      name: "Campaigns",
      color: "PURPLE",
      description: "Old",
      titleTemplate: "PROMO · [What]",
    });

    const recoloured = await send(who.jar, "PATCH", `/api/categories/${original.id}`, {
      color: "CYAN",
      description: null,
      titleTemplate: "CAMPAIGN · [Team/System] · [What]",
    });
    expect(recoloured.statusCode).toBe(200);
    const latest = recoloured.json() as Category;
    expect(latest).toMatchObject({
      name: "Campaigns",
      color: "CYAN",
      description: null,
      titleTemplate: "CAMPAIGN · [Team/System] · [What]",
    });
    expect(Date.parse(latest.updatedAt)).toBeGreaterThanOrEqual(Date.parse(original.updatedAt));
    expect(await listCategories(who.jar)).toEqual([latest]);
  });

  it("lets a category change the case of its own name", async () => {
    const who = await member("premium");
    const category = await created(who.jar, { name: "releases", color: "BLUE" });
    const response = await send(who.jar, "PATCH", `/api/categories/${category.id}`, {
      name: "Releases",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Releases" });
  });

  it("deletes a category", async () => {
    const who = await member("premium");
    const category = await created(who.jar, { name: "Short-lived", color: "BROWN" });
    const response = await send(who.jar, "DELETE", `/api/categories/${category.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });
    expect(await listCategories(who.jar)).toEqual([]);
    const again = await send(who.jar, "DELETE", `/api/categories/${category.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe("each person's own categories", () => {
  it("answers 404, never 403, for another person's category, and changes nothing", async () => {
    const owner = await member("premium");
    const other = await member("premium");
    const category = await created(owner.jar, { name: "Mine", color: "RED" });

    expect(await listCategories(other.jar)).toEqual([]);
    const patch = await send(other.jar, "PATCH", `/api/categories/${category.id}`, {
      name: "Taken over",
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({
      error: "That category was not found.",
      code: "category_not_found",
    });
    expect((await send(other.jar, "DELETE", `/api/categories/${category.id}`)).statusCode).toBe(
      404,
    );
    expect(await listCategories(owner.jar)).toEqual([category]);
  });

  it("answers 404 for an id that is not an id", async () => {
    const who = await member("premium");
    expect(
      (await send(who.jar, "PATCH", "/api/categories/not-an-id", { name: "X" })).statusCode,
    ).toBe(404);
    expect((await send(who.jar, "DELETE", "/api/categories/1%27%20or%201=1")).statusCode).toBe(404);
  });

  it("lets two people use the same name", async () => {
    const first = await member("premium");
    const second = await member("premium");
    await created(first.jar, { name: "Releases", color: "BLUE" });
    await created(second.jar, { name: "releases", color: "GREEN" });
  });
});

describe("validation: every rule refuses with nothing written", () => {
  const long = (length: number) => "x".repeat(length);
  const badCreates: [string, unknown, RegExp][] = [
    ["a missing name", { color: "RED" }, /Category name must be text/],
    ["a blank name", { name: "   ", color: "RED" }, /Category name is required/],
    ["a name of 101 characters", { name: long(101), color: "RED" }, /100 characters or fewer/],
    ["a name that is not text", { name: 42, color: "RED" }, /Category name must be text/],
    [
      "a name with a control character",
      { name: "Launch\u0000es", color: "RED" },
      /Category name contains characters that cannot be used/,
    ],
    [
      "a name of 100 characters that takes more room than the column",
      { name: "👨‍👩‍👧".repeat(100), color: "RED" },
      /100 characters or fewer/,
    ],
    [
      "a template with a line break",
      { name: "A", color: "RED", titleTemplate: "A\n· B" },
      /Title template contains characters/,
    ],
    ["a missing colour", { name: "A" }, /Color must be one of PURPLE/],
    ["Google's system colour", { name: "A", color: "ORANGE" }, /Color must be one of/],
    ["a lower-case colour", { name: "A", color: "red" }, /Color must be one of/],
    [
      "a description of 501 characters",
      { name: "A", color: "RED", description: long(501) },
      /500 characters or fewer/,
    ],
    [
      "a template of 201 characters",
      { name: "A", color: "RED", titleTemplate: long(201) },
      /200 characters or fewer/,
    ],
    [
      "a template with an empty segment",
      { name: "A", color: "RED", titleTemplate: "CAMPAIGN ·  · [What]" },
      /none may be empty/,
    ],
    [
      "a template ending in a separator",
      { name: "A", color: "RED", titleTemplate: "CAMPAIGN · " },
      /none may be empty/,
    ],
    ["an unknown field", { name: "A", color: "RED", isDefault: true }, /Unknown field: isDefault/],
    ["an owner field", { name: "A", color: "RED", userId: "someone" }, /Unknown field: userId/],
    ["a list instead of an object", [{ name: "A", color: "RED" }], /JSON object/],
  ];

  it.each(badCreates)("refuses %s with 400", async (_label, payload, message) => {
    const who = await member("premium");
    const response = await createCategory(who.jar, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
    expect(await storedCount(who.userId)).toBe(0);
  });

  it("accepts the longest allowed values", async () => {
    const who = await member("premium");
    await created(who.jar, {
      name: long(100),
      color: "RED",
      description: long(500),
      titleTemplate: `${long(97)} · ${long(100)}`,
    });
  });

  it.each([
    ["an empty change", {}, /Nothing to change/],
    ["a blank name", { name: " " }, /Category name is required/],
    ["a bad colour", { color: "PINK" }, /Color must be one of/],
    ["an unknown field", { id: "6f1c1f5e-0000-4000-8000-000000000000" }, /Unknown field: id/],
    ["a bad template", { titleTemplate: "· A" }, /none may be empty/],
  ] as const)("refuses an update with %s, changing nothing", async (_label, payload, message) => {
    const who = await member("premium");
    const category = await created(who.jar, { name: "Stable", color: "RED" });
    const response = await send(who.jar, "PATCH", `/api/categories/${category.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
    expect(await listCategories(who.jar)).toEqual([category]);
  });

  it("refuses a second category with the same name ignoring case (409), naming the clash", async () => {
    const who = await member("premium");
    await created(who.jar, { name: "Campaigns", color: "PURPLE" });
    const response = await createCategory(who.jar, { name: " CAMPAIGNS ", color: "RED" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'You already have a category named "Campaigns".',
      code: "category_name_taken",
    });
    expect(await storedCount(who.userId)).toBe(1);
  });

  it("refuses a rename onto another category's name (409) and keeps both", async () => {
    const who = await member("premium");
    const first = await created(who.jar, { name: "Incidents", color: "RED" });
    const second = await created(who.jar, { name: "Outages", color: "RED" });
    const response = await send(who.jar, "PATCH", `/api/categories/${second.id}`, {
      name: "incidents",
      color: "CYAN",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('You already have a category named "Incidents".');
    expect(await listCategories(who.jar)).toEqual([first, second]);
  });

  it(`holds a person to ${categoriesPerPersonLimit} categories (409), even when creates race`, async () => {
    const who = await member("premium");
    await harness.database.db.insert(annotationCategories).values(
      Array.from({ length: categoriesPerPersonLimit - 2 }, (_, index) => ({
        userId: who.userId,
        name: `Category ${index}`,
        color: "BLUE",
      })),
    );
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        createCategory(who.jar, { name: `Racing ${index}`, color: "GREEN" }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json()).toEqual({
      error: `You can keep up to ${categoriesPerPersonLimit} categories. Delete one to add another.`,
      code: "category_limit",
    });
    expect(await storedCount(who.userId)).toBe(categoriesPerPersonLimit);
  });
});

describe("categories on annotations", () => {
  let owner: TestPerson;
  let ownerCategory: Category;

  const today = () => calendarDateOf(new Date());
  const annotationsOf = async (who: TestPerson) =>
    (await get(who.jar, `/api/annotations/${who.propertyId}`)).json()
      .reportingDataAnnotations as Annotation[];
  const counters = async () =>
    (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
      .counters;
  const googleWrites = (all: Record<string, number>) =>
    ["create", "patch", "delete"].reduce(
      (sum, method) =>
        sum + (all[`analyticsadmin.properties.reportingDataAnnotations.${method}`] ?? 0),
      0,
    );

  beforeAll(async () => {
    owner = await setUpPerson(harness, "premium");
    ownerCategory = await created(owner.jar, {
      name: "Releases",
      color: "BLUE",
      titleTemplate: "RELEASE · [Team/System] · [What]",
    });
  });

  it("stores the category of a new annotation and lists it with the annotation", async () => {
    const response = await send(owner.jar, "POST", `/api/annotations/${owner.propertyId}`, {
      title: "RELEASE · Checkout v2",
      annotationDate: today(),
      color: "BLUE",
      categoryId: ownerCategory.id,
    });
    expect(response.statusCode).toBe(201);
    const annotation = response.json() as Annotation;
    expect(annotation.categoryId).toBe(ownerCategory.id);
    const listed = (await annotationsOf(owner)).find(
      (entry) => entry.annotationId === annotation.annotationId,
    );
    expect(listed?.categoryId).toBe(ownerCategory.id);
  });

  it("sets, keeps and clears an annotation's category on update", async () => {
    const made = (
      await send(owner.jar, "POST", `/api/annotations/${owner.propertyId}`, {
        title: "Deploy",
        annotationDate: today(),
      })
    ).json() as Annotation;
    expect(made.categoryId).toBeNull();
    const path = `/api/annotations/${owner.propertyId}/${made.annotationId}`;

    const linked = await send(owner.jar, "PATCH", path, { categoryId: ownerCategory.id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().categoryId).toBe(ownerCategory.id);

    const retitled = await send(owner.jar, "PATCH", path, { title: "Deploy 2" });
    expect(retitled.json()).toMatchObject({ title: "Deploy 2", categoryId: ownerCategory.id });

    const cleared = await send(owner.jar, "PATCH", path, { categoryId: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().categoryId).toBeNull();
    expect(
      (await annotationsOf(owner)).find((entry) => entry.annotationId === made.annotationId)
        ?.categoryId,
    ).toBeNull();
  });

  it("refuses another person's or a deleted category with 400, writing nothing", async () => {
    const stranger = await member("premium");
    const foreign = await created(stranger.jar, { name: "Theirs", color: "RED" });
    const gone = await created(owner.jar, { name: "Gone soon", color: "RED" });
    await send(owner.jar, "DELETE", `/api/categories/${gone.id}`);
    const existing = (
      await send(owner.jar, "POST", `/api/annotations/${owner.propertyId}`, {
        title: "Untouched",
        annotationDate: today(),
      })
    ).json() as Annotation;
    const before = await annotationsOf(owner);
    await control(harness.sandbox.url, "DELETE", "/counters");
    const [{ count: eventsBefore }] = (
      await harness.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from annotation_events`,
      )
    ).rows as [{ count: number }];

    for (const categoryId of [foreign.id, gone.id, "6f1c1f5e-0000-4000-8000-000000000000"]) {
      const create = await send(owner.jar, "POST", `/api/annotations/${owner.propertyId}`, {
        title: "Should not exist",
        annotationDate: today(),
        categoryId,
      });
      expect(create.statusCode).toBe(400);
      expect(create.json()).toMatchObject({
        error: "That category was not found.",
        code: "category_not_found",
      });
      const update = await send(
        owner.jar,
        "PATCH",
        `/api/annotations/${owner.propertyId}/${existing.annotationId}`,
        { title: "Changed", categoryId },
      );
      expect(update.statusCode).toBe(400);
    }

    expect(googleWrites(await counters())).toBe(0);
    expect(await annotationsOf(owner)).toEqual(before);
    const [{ count: eventsAfter }] = (
      await harness.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from annotation_events`,
      )
    ).rows as [{ count: number }];
    expect(eventsAfter).toBe(eventsBefore);
  });

  it("refuses a category on a free user's annotation with the Premium message", async () => {
    const free = await setUpPerson(harness, "freemium");
    const response = await send(free.jar, "POST", `/api/annotations/${free.propertyId}`, {
      title: "Tagged",
      annotationDate: today(),
      categoryId: ownerCategory.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(premiumFeatureMessages.categories);
  });

  it("deleting a category keeps its annotations and clears their link", async () => {
    const doomed = await created(owner.jar, { name: "Experiments", color: "GREEN" });
    const linked = (
      await send(owner.jar, "POST", `/api/annotations/${owner.propertyId}`, {
        title: "A/B test started",
        annotationDate: today(),
        color: "GREEN",
        categoryId: doomed.id,
      })
    ).json() as Annotation;
    expect(linked.categoryId).toBe(doomed.id);

    expect((await send(owner.jar, "DELETE", `/api/categories/${doomed.id}`)).statusCode).toBe(200);

    const after = (await annotationsOf(owner)).find(
      (entry) => entry.annotationId === linked.annotationId,
    );
    expect(after).toMatchObject({ title: "A/B test started", color: "GREEN", categoryId: null });
    const [metadata] = await harness.database.db
      .select()
      .from(annotationMetadata)
      .where(eq(annotationMetadata.annotationId, linked.annotationId));
    expect(metadata).toMatchObject({ categoryId: null });
  });

  /**
   * Another premium Tidemark person who connects Google with the owner's Google sign-in and saves
   * the same property: the sandbox grants properties per Google account.
   */
  async function colleagueOn(of: TestPerson): Promise<TestPerson> {
    const who = await member("premium");
    await harness.database.db
      .update(users)
      .set({ annotationQuota: 50, propertyQuota: 5 })
      .where(eq(users.email, who.email));
    const landing = await connectGoogleAnalytics(harness, who.jar, { email: of.email });
    expect(landing).toBe("/dashboard?oauth=success");
    const saved = await send(who.jar, "POST", "/api/properties", { propertyId: of.propertyId });
    expect([200, 201], saved.body).toContain(saved.statusCode);
    return { jar: who.jar, email: who.email, propertyId: of.propertyId };
  }

  it("keeps each person's category on a shared property's annotation their own", async () => {
    // Two Tidemark people with access to the same GA4 property see the same annotations, but
    // each has their own categories, so each has their own assignment.
    const colleague = await colleagueOn(owner);
    const colleagueCategory = await created(colleague.jar, { name: "Incidents", color: "RED" });
    const shared = (
      await send(owner.jar, "POST", `/api/annotations/${owner.propertyId}`, {
        title: "Shared launch",
        annotationDate: today(),
        categoryId: ownerCategory.id,
      })
    ).json() as Annotation;
    expect(shared.categoryId).toBe(ownerCategory.id);
    const seenBy = async (who: TestPerson) =>
      (await annotationsOf(who)).find((entry) => entry.annotationId === shared.annotationId)!;

    // Where it came from and when it was added belong to the annotation: the same for both.
    expect(await seenBy(colleague)).toMatchObject({
      title: "Shared launch",
      categoryId: null,
      source: "tidemark",
      dateAdded: shared.dateAdded,
    });

    const assigned = await send(
      colleague.jar,
      "PATCH",
      `/api/annotations/${colleague.propertyId}/${shared.annotationId}`,
      { categoryId: colleagueCategory.id },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ categoryId: colleagueCategory.id });
    expect(await seenBy(colleague)).toMatchObject({
      categoryId: colleagueCategory.id,
      source: "tidemark",
      dateAdded: shared.dateAdded,
    });
    expect(await seenBy(owner)).toMatchObject({ categoryId: ownerCategory.id });

    // Deleting a category clears only its owner's assignment.
    expect(
      (await send(colleague.jar, "DELETE", `/api/categories/${colleagueCategory.id}`)).statusCode,
    ).toBe(200);
    expect(await seenBy(colleague)).toMatchObject({ categoryId: null });
    expect(await seenBy(owner)).toMatchObject({ categoryId: ownerCategory.id });
  });
});

describe("the service other features call", () => {
  const service = () =>
    createCategoriesService({ repository: createCategoriesRepository(harness.database.db) });
  const userRow = async (email: string) =>
    (await harness.database.db.select().from(users).where(eq(users.email, email)))[0]!;

  it("finds a category by its name ignoring case, or by a preset's prefix", async () => {
    const who = await member("premium");
    const releases = await created(who.jar, {
      name: "Deploys",
      color: "BLUE",
      titleTemplate: categoryPresets[1]!.titleTemplate,
    });
    const campaigns = await created(who.jar, { name: "Campaigns & Promos", color: "PURPLE" });
    const user = await userRow(who.email);
    const categories = service();

    expect(await categories.findByReference(user, "deploys")).toEqual(releases);
    expect(await categories.findByReference(user, " RELEASE ")).toEqual(releases);
    expect(await categories.findByReference(user, "releases")).toEqual(releases);
    // No template starts with CAMPAIGN, but the preset's name is there.
    expect(await categories.findByReference(user, "Campaigns")).toEqual(campaigns);
    expect(await categories.findByReference(user, "incidents")).toBeNull();
    expect(await categories.findByReference(user, "")).toBeNull();
  });

  it("validates a category id for a person", async () => {
    const who = await member("premium");
    const other = await member("premium");
    const mine = await created(who.jar, { name: "Mine", color: "RED" });
    const theirs = await created(other.jar, { name: "Theirs", color: "RED" });
    const user = await userRow(who.email);
    const categories = service();

    expect(await categories.requireUsable(user, mine.id)).toEqual(mine);
    // A category named in a request that is not the person's makes the request bad (a 400).
    await expect(categories.requireUsable(user, theirs.id)).rejects.toMatchObject({
      fromInput: true,
      code: "category_not_found",
    });
    await expect(categories.requireUsable(user, "nope")).rejects.toMatchObject({
      fromInput: true,
    });
    await expect(
      categories.requireUsable({ ...user, subscriptionTier: "freemium" }, mine.id),
    ).rejects.toMatchObject({
      code: "premium_required",
      message: premiumFeatureMessages.categories,
    });
  });

  it("records an annotation without its category when the category vanished after the check", async () => {
    const who = await member("premium");
    const records = createAnnotationRecordsRepository(harness.database.db);
    const recorded = await records.recordCreate(
      { userId: who.userId, propertyId: "123", annotationId: `race-${Date.now()}` },
      { categoryId: "6f1c1f5e-0000-4000-8000-000000000000", source: "tidemark" },
      {
        title: "Race",
        description: "",
        color: "BLUE",
        annotationDate: { year: 2026, month: 11, day: 2 },
      },
    );
    expect(recorded.extras).toEqual({
      categoryId: null,
      source: "tidemark",
      dateAdded: expect.any(String),
    });
  });
});

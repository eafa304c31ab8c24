import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { control, mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { chatSessions, users } from "../src/server/db/schema/index.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { calendarDateOf, toIsoDate } from "../src/shared/calendar-date.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/** Text with NUL, other control characters or broken surrogates never reaches Google or the database. */
let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);
const today = () => calendarDateOf(new Date());
const send = (who: TestPerson, method: "POST" | "PATCH", url: string, payload: unknown) =>
  requestAs(harness, who.jar, method, url, payload);
const googleCreates = async () =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters["analyticsadmin.properties.reportingDataAnnotations.create"] ?? 0;
const userRow = async (who: TestPerson) =>
  (await harness.database.db.select().from(users).where(eq(users.email, who.email)))[0]!;

describe("text people send", () => {
  it.each([
    ["a NUL in the title", { title: "Launch\u0000day" }, /^Title contains characters/],
    ["a lone surrogate in the title", { title: "Launch \ud83d" }, /^Title contains characters/],
    ["a tab in the title", { title: "Launch\tday" }, /^Title contains characters/],
    [
      "a NUL in the description",
      { title: "Launch", description: "a\u0000b" },
      /^Description contains characters/,
    ],
    [
      "an escape character in the description",
      { title: "Launch", description: "\u001b[31mred" },
      /^Description contains characters/,
    ],
  ])(
    "refuses %s with a 400 naming the field; nothing reaches Google or the count",
    async (_case, fields, message) => {
      const who = await setUpPerson(harness, "premium");
      await control(harness.sandbox.url, "DELETE", "/counters");
      const response = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
        annotationDate: today(),
        ...fields,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
      expect(await googleCreates()).toBe(0);
      expect((await userRow(who)).dailyAnnotationCount).toBe(0);
    },
  );

  it.each([
    ["a title of zero-width spaces", { title: "\u200B\u200B" }, /^Title has no visible characters/],
    [
      "a title of joiners and a word joiner",
      { title: "\u200D\u2060\u200C" },
      /^Title has no visible characters/,
    ],
    [
      "a right-to-left override in the title",
      { title: "Invoice \u202Efdp.exe" },
      /^Title contains hidden direction controls/,
    ],
    [
      "an isolate in the description",
      { title: "Launch", description: "see \u2067reversed\u2069" },
      /^Description contains hidden direction controls/,
    ],
  ])(
    "refuses %s, saying why; nothing reaches Google or the count",
    async (_case, fields, message) => {
      const who = await setUpPerson(harness, "premium");
      await control(harness.sandbox.url, "DELETE", "/counters");
      const response = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
        annotationDate: today(),
        ...fields,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "invalid_request" });
      expect(response.json().error).toMatch(message);
      expect(await googleCreates()).toBe(0);
      expect((await userRow(who)).dailyAnnotationCount).toBe(0);
    },
  );

  it("refuses a disguised title in an edit and in a category name too", async () => {
    const who = await setUpPerson(harness, "premium");
    const created = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
      title: "Clean",
      annotationDate: today(),
    });
    const id = (created.json() as Annotation).annotationId;
    const edit = await send(who, "PATCH", `/api/annotations/${who.propertyId}/${id}`, {
      title: "\u200B",
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toMatch(/^Title has no visible characters/);
    const category = await send(who, "POST", "/api/categories", {
      name: "Ops \u202Esgol",
      color: "BLUE",
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().error).toMatch(/^Category name contains hidden direction controls/);
  });

  it("answers a disguised title asked of the offline assistant with the same words, creating nothing", async () => {
    const who = await setUpPerson(harness, "premium");
    await control(harness.sandbox.url, "DELETE", "/counters");
    for (const [title, words] of [
      ["Invoice \u202Efdp.exe", "Title contains hidden direction controls"],
      ["Sale\u200F 10-20", "Title contains hidden direction controls"],
      ["\u200B\u200D", "Title has no visible characters"],
    ] as const) {
      const response = await send(who, "POST", "/api/chat", {
        message: `Create an annotation called "${title}" on ${toIsoDate(today())}`,
        propertyId: who.propertyId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().reply).toContain(words);
    }
    expect(await googleCreates()).toBe(0);
  });

  it("refuses control characters in an edit too", async () => {
    const who = await setUpPerson(harness, "premium");
    const created = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
      title: "Clean",
      annotationDate: today(),
    });
    const id = (created.json() as Annotation).annotationId;
    const response = await send(who, "PATCH", `/api/annotations/${who.propertyId}/${id}`, {
      title: "Dirty\u0000",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Title contains characters/);
  });

  it("counts the title as people see it: 100 emoji with skin tones fit, 101 do not", async () => {
    const who = await setUpPerson(harness, "premium");
    const fits = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
      title: "👍🏽".repeat(100),
      annotationDate: today(),
    });
    expect(fits.statusCode).toBe(201);
    expect((fits.json() as Annotation).title).toBe("👍🏽".repeat(100));
    const over = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
      title: "👍🏽".repeat(101),
      annotationDate: today(),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe("Title must be 100 characters or fewer");
  });

  it("refuses a chat message with NUL before it opens a session or spends a message", async () => {
    const who = await setUpPerson(harness, "freemium");
    const before = (await userRow(who)).dailyAssistantMessageCount;
    const response = await send(who, "POST", "/api/chat", {
      message: "list my annotations\u0000",
      propertyId: who.propertyId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Message contains characters/);
    const user = await userRow(who);
    expect(user.dailyAssistantMessageCount).toBe(before);
    const sessions = await harness.database.db
      .select()
      .from(chatSessions)
      .where(eq(chatSessions.userId, user.id));
    expect(sessions).toHaveLength(0);
  });

  it("keeps line breaks and tabs in chat messages", async () => {
    const who = await setUpPerson(harness, "freemium");
    const response = await send(who, "POST", "/api/chat", {
      message: "show\tmy\nannotations",
      propertyId: who.propertyId,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("text Google sends", () => {
  it("is made safe before it is shown or stored: listings and the assistant keep working", async () => {
    const who = await setUpPerson(harness, "premium");
    // Someone wrote these through the Admin API directly; Google accepts anything.
    const tokens = await mintTokens(harness.sandbox.url, {
      email: who.email,
      scopes: [analyticsScopes.edit],
    });
    for (const body of [
      { title: "Null\u0000title", description: "bad\u0000 and \ud800 broken" },
      { title: "Lone \udc00 surrogate" },
    ]) {
      const made = await fetch(
        `${harness.sandbox.url}/v1alpha/properties/${who.propertyId}/reportingDataAnnotations`,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${tokens.access_token}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ ...body, color: "BLUE", annotationDate: today() }),
        },
      );
      expect(made.status).toBe(200);
    }

    const list = await inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    });
    expect(list.statusCode).toBe(200);
    const titles = (list.json().reportingDataAnnotations as Annotation[]).map((a) => a.title);
    expect(titles).toContain("Null\uFFFDtitle");
    expect(titles).toContain("Lone \uFFFD surrogate");
    const described = (list.json().reportingDataAnnotations as Annotation[]).find(
      (a) => a.title === "Null\uFFFDtitle",
    );
    expect(described?.description).toBe("bad\uFFFD and \uFFFD broken");

    for (let turn = 0; turn < 2; turn += 1) {
      const chat = await send(who, "POST", "/api/chat", {
        message: "list all annotations",
        propertyId: who.propertyId,
      });
      expect(chat.statusCode).toBe(200);
      expect(chat.json().reply).toContain("Null\uFFFDtitle");
    }
  });
});

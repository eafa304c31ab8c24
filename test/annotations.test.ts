import { and, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control, mintTokens, walkSignInPages } from "../src/sandbox/testing/sandbox-test-kit.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";
import {
  annotationEvents,
  sharedAnnotationMetadata,
  users,
} from "../src/server/db/schema/index.js";
import { createSecretBox } from "../src/server/security/secret-box.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  appUrl,
  connectGoogleAnalytics,
  freshEmail,
  requestAs,
  setUpPerson,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
  type CookieJar,
  type TestPerson,
} from "./app-harness.js";
import { anAnnotation } from "./annotation-fixtures.js";
import { testConfig } from "./test-config.js";

let harness: AppHarness;
/** The app's clock; tests move it to cross midnight UTC. */
let clock = new Date();

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  clock = new Date();
  await control(harness.sandbox.url, "POST", "/reset");
});

const inject = (options: InjectOptions) => harness.app.inject(options);
const today = () => calendarDateOf(clock);

type Person = TestPerson;
const person = (tier: "freemium" | "premium", options: { untick?: string[] } = {}) =>
  setUpPerson(harness, tier, options);

const get = (jar: CookieJar, url: string) => requestAs(harness, jar, "GET", url);
const send = (
  jar: CookieJar,
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) => requestAs(harness, jar, method, url, payload);
const createAnnotation = (who: Person, payload: Record<string, unknown>) =>
  send(who.jar, "POST", `/api/annotations/${who.propertyId}`, payload);
const listAnnotations = async (who: Person) =>
  (await get(who.jar, `/api/annotations/${who.propertyId}`)).json()
    .reportingDataAnnotations as Annotation[];
const counters = async () =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters;
const googleCalls = (all: Record<string, number>, method: string) =>
  all[`analyticsadmin.properties.reportingDataAnnotations.${method}`] ?? 0;

describe("connecting Google Analytics", () => {
  it("stores the tokens encrypted and reports the connection", async () => {
    const email = freshEmail("connect");
    const jar = await signInWithEmailLink(harness, email);
    expect((await get(jar, "/api/google/status")).json()).toEqual({
      connected: false,
      canWrite: false,
    });
    expect((await get(jar, "/api/ga4/properties")).statusCode).toBe(409);

    expect(await connectGoogleAnalytics(harness, jar, { email })).toBe("/dashboard?oauth=success");
    expect((await get(jar, "/api/google/status")).json()).toEqual({
      connected: true,
      canWrite: true,
    });

    const [row] = await harness.database.db.select().from(users).where(eq(users.email, email));
    const box = createSecretBox(Buffer.from(testConfig().tokenEncryptionKey!, "base64"));
    const accessToken = box.open(row!.googleAccessToken!);
    const refreshToken = box.open(row!.googleRefreshToken!);
    const dump = JSON.stringify(await harness.database.db.execute(sql`select * from users`));
    expect(dump).not.toContain(accessToken);
    expect(dump).not.toContain(refreshToken);
    expect(row!.googleScopes).toContain("analytics.edit");
  });

  it("lists every property the Google account can see, marking the read-only ones", async () => {
    const email = freshEmail("lister");
    const jar = await signInWithEmailLink(harness, email);
    await connectGoogleAnalytics(harness, jar, { email });
    const response = await get(jar, "/api/ga4/properties");
    expect(response.statusCode).toBe(200);
    const properties = response.json().properties as {
      propertyId: string;
      displayName: string;
      accountName: string;
      canEdit: boolean;
    }[];
    expect(properties.length).toBeGreaterThanOrEqual(1);
    expect(properties[0]).toMatchObject({
      propertyId: expect.stringMatching(/^\d+$/),
      canEdit: true,
    });
    expect(properties.some((property) => !property.canEdit)).toBe(true);
    expect(properties.every((property) => property.displayName && property.accountName)).toBe(true);
  });

  it("says so when the person declines, and reports a read-only connection", async () => {
    const email = freshEmail("declines");
    const jar = await signInWithEmailLink(harness, email);
    expect(await connectGoogleAnalytics(harness, jar, { email, decision: "cancel" })).toBe(
      "/dashboard?oauth=denied",
    );
    expect((await get(jar, "/api/google/status")).json().connected).toBe(false);
    await connectGoogleAnalytics(harness, jar, {
      email,
      untick: ["https://www.googleapis.com/auth/analytics.edit"],
    });
    expect((await get(jar, "/api/google/status")).json()).toEqual({
      connected: true,
      canWrite: false,
    });
  });

  it("returns to the dashboard mode the person connected from", async () => {
    const email = freshEmail("mode");
    const jar = await signInWithEmailLink(harness, email);
    const start = await inject({
      method: "GET",
      url: "/api/google/authorize?mode=property",
      headers: { cookie: jar.header() },
    });
    jar.store(start);
    const { callback } = await walkSignInPages(start.headers.location as string, { email });
    const finish = await inject({
      method: "GET",
      url: callback.toString().replace(appUrl, ""),
      headers: { cookie: jar.header() },
    });
    expect(finish.headers.location).toBe("/dashboard?mode=property&oauth=success");
  });

  it("refuses a callback whose state this browser did not start", async () => {
    const email = freshEmail("forged");
    const jar = await signInWithEmailLink(harness, email);
    const response = await get(jar, "/api/google/callback?code=stolen&state=forged");
    expect(response.headers.location).toBe("/dashboard?oauth=failed");
    expect((await get(jar, "/api/google/status")).json().connected).toBe(false);
  });

  it("disconnects: revokes at Google and forgets the tokens", async () => {
    const who = await person("freemium");
    const response = await inject({
      method: "GET",
      url: "/api/google/disconnect",
      headers: { cookie: who.jar.header(), "sec-fetch-site": "same-origin" },
    });
    expect(response.json()).toEqual({ connected: false });
    expect((await get(who.jar, "/api/google/status")).json().connected).toBe(false);
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, who.email));
    expect(row).toMatchObject({ googleAccessToken: null, googleRefreshToken: null });
    const crossSite = await inject({
      method: "GET",
      url: "/api/google/disconnect",
      headers: { cookie: who.jar.header(), "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("never disconnects on HEAD, nor on a GET without Fetch Metadata or our Referer", async () => {
    const who = await person("freemium");
    const connected = async () => (await get(who.jar, "/api/google/status")).json().connected;
    for (const [method, headers] of [
      ["HEAD", {}],
      ["HEAD", { "sec-fetch-site": "same-origin" }],
      ["GET", {}],
      ["GET", { referer: "https://attacker.example/" }],
    ] as const) {
      const response = await inject({
        method,
        url: "/api/google/disconnect",
        headers: { cookie: who.jar.header(), ...headers },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await connected()).toBe(true);
    }
    const fromOurPage = await inject({
      method: "GET",
      url: "/api/google/disconnect",
      headers: { cookie: who.jar.header(), referer: `${appUrl}/dashboard?mode=property` },
    });
    expect(fromOurPage.statusCode).toBe(200);
    expect(await connected()).toBe(false);
  });

  it("marks the connection disconnected when Google rejects the refresh token", async () => {
    const who = await person("freemium");
    await control(harness.sandbox.url, "POST", "/tokens/revoke-refresh", { email: who.email });
    clock = new Date(Date.now() + 2 * 60 * 60 * 1000); // the stored access token is now due for refresh
    const response = await get(who.jar, `/api/annotations/${who.propertyId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("google_reconnect");
    expect((await get(who.jar, "/api/google/status")).json().connected).toBe(false);
  });
});

describe("saved properties", () => {
  it("locks a free user to their first property and refuses any other", async () => {
    const who = await person("freemium");
    const saved = (await get(who.jar, "/api/properties")).json().properties;
    expect(saved).toEqual([expect.objectContaining({ propertyId: who.propertyId, locked: true })]);
    const me = (await get(who.jar, "/api/auth/user")).json();
    expect(me.lockedPropertyId).toBe(who.propertyId);

    const other = (
      (await get(who.jar, "/api/ga4/properties")).json().properties as { propertyId: string }[]
    ).find((property) => property.propertyId !== who.propertyId)!;
    const refused = await send(who.jar, "POST", "/api/properties", {
      propertyId: other.propertyId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/free plan/);
    const removeLocked = await send(who.jar, "DELETE", `/api/properties/${saved[0].id}`);
    expect(removeLocked.statusCode).toBe(403);
  });

  it("refuses a property the Google account cannot reach, and malformed ids", async () => {
    const who = await person("premium");
    expect(
      (await send(who.jar, "POST", "/api/properties", { propertyId: "999999999" })).statusCode,
    ).toBe(403);
    expect(
      (await send(who.jar, "POST", "/api/properties", { propertyId: "G-ABC123" })).statusCode,
    ).toBe(400);
    expect(
      (await send(who.jar, "POST", "/api/properties", { propertyId: who.propertyId, extra: 1 }))
        .statusCode,
    ).toBe(400);
    expect((await send(who.jar, "DELETE", "/api/properties/not-a-uuid")).statusCode).toBe(400);
    expect(
      (await send(who.jar, "DELETE", "/api/properties/00000000-0000-4000-8000-000000000000"))
        .statusCode,
    ).toBe(404);
  });

  it("lets Premium remove a saved property and holds it to its quota", async () => {
    const who = await person("premium");
    const saved = (await get(who.jar, "/api/properties")).json().properties as {
      id: string;
      propertyId: string;
    }[];
    const target = saved.find((property) => property.propertyId === who.propertyId)!;
    expect((await send(who.jar, "DELETE", `/api/properties/${target.id}`)).statusCode).toBe(200);
    await harness.database.db
      .update(users)
      .set({ propertyQuota: 0 })
      .where(eq(users.email, who.email));
    const over = await send(who.jar, "POST", "/api/properties", { propertyId: who.propertyId });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe("property_quota");
    await harness.database.db
      .update(users)
      .set({ propertyQuota: 5 })
      .where(eq(users.email, who.email));
    expect(
      (await send(who.jar, "POST", "/api/properties", { propertyId: who.propertyId })).statusCode,
    ).toBe(201);
  });

  it("keeps one property usable after a move from Premium to the free plan", async () => {
    const who = await person("premium");
    const other = (
      (await get(who.jar, "/api/ga4/properties")).json().properties as { propertyId: string }[]
    ).find((property) => property.propertyId !== who.propertyId)!;
    expect(
      (await send(who.jar, "POST", "/api/properties", { propertyId: other.propertyId })).statusCode,
    ).toBe(201);
    expect(
      (await send(who.jar, "PATCH", "/api/users/subscription", { tier: "freemium" })).statusCode,
    ).toBe(200);
    const saved = (await get(who.jar, "/api/properties")).json().properties as {
      propertyId: string;
      locked: boolean;
    }[];
    expect(
      saved.filter((property) => property.locked).map((property) => property.propertyId),
    ).toEqual([who.propertyId]);
    expect((await get(who.jar, `/api/annotations/${who.propertyId}`)).statusCode).toBe(200);
    expect((await get(who.jar, `/api/annotations/${other.propertyId}`)).statusCode).toBe(403);
  });

  it("keeps another user's saved property out of reach", async () => {
    const owner = await person("freemium");
    const stranger = await signInWithEmailLink(harness, freshEmail("stranger"));
    const [saved] = (await get(owner.jar, "/api/properties")).json().properties;
    expect((await send(stranger, "DELETE", `/api/properties/${saved.id}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/annotations/${owner.propertyId}`)).statusCode).toBe(403);
  });
});

describe("annotations", () => {
  it("lists the property's annotations newest first, system-generated ones marked", async () => {
    const who = await person("freemium");
    const annotations = await listAnnotations(who);
    expect(annotations.length).toBeGreaterThanOrEqual(8);
    const dates = annotations.map(
      (a) => a.annotationDate.year * 10000 + a.annotationDate.month * 100 + a.annotationDate.day,
    );
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(annotations.filter((a) => a.systemGenerated)).toHaveLength(1);
    expect(annotations.find((a) => a.systemGenerated)!.color).toBe("ORANGE");
  });

  it("lists an annotation made in Google Analytics over several days in Google's shape", async () => {
    const who = await person("freemium");
    const google = await mintTokens(harness.sandbox.url, {
      email: who.email,
      scopes: [analyticsScopes.edit],
    });
    const made = await fetch(
      `${harness.sandbox.url}/v1alpha/properties/${who.propertyId}/reportingDataAnnotations`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${google.access_token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          title: "Spring campaign",
          color: "GREEN",
          annotationDateRange: {
            startDate: { year: 2025, month: 3, day: 1 },
            endDate: { year: 2025, month: 3, day: 14 },
          },
        }),
      },
    );
    expect(made.status).toBe(200);

    const listed = (await listAnnotations(who)).find((a) => a.title === "Spring campaign");

    expect(listed).toEqual(
      anAnnotation({
        propertyId: who.propertyId,
        annotationId: listed!.annotationId,
        title: "Spring campaign",
        annotationDate: { year: 2025, month: 3, day: 1 },
        annotationDateRange: {
          startDate: { year: 2025, month: 3, day: 1 },
          endDate: { year: 2025, month: 3, day: 14 },
        },
        color: "GREEN",
      }),
    );
  });

  it("creates with one Google write, records it, and spends one of the day's five", async () => {
    const who = await person("freemium");
    await control(harness.sandbox.url, "DELETE", "/counters");
    const response = await createAnnotation(who, {
      title: "  Winter sale launched  ",
      annotationDate: today(),
      color: "PURPLE",
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as Annotation;
    expect(created).toMatchObject({
      title: "Winter sale launched",
      color: "PURPLE",
      annotationDate: today(),
      systemGenerated: false,
      categoryId: null,
    });
    expect(created.dateAdded).toEqual(expect.any(String));
    const calls = await counters();
    expect(googleCalls(calls, "create")).toBe(1);
    expect(googleCalls(calls, "list")).toBe(0);
    expect(
      (await listAnnotations(who)).some(
        (a) => a.annotationId === created.annotationId && a.dateAdded,
      ),
    ).toBe(true);
    expect((await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount).toBe(1);
    const events = await harness.database.db
      .select()
      .from(annotationEvents)
      .where(
        and(
          eq(annotationEvents.annotationId, created.annotationId),
          eq(annotationEvents.propertyId, who.propertyId),
        ),
      );
    expect(events.map((event) => event.eventType)).toEqual(["created"]);
  });

  it("stops a free user at 5 a day, saying when it resets, and starts again after midnight UTC", async () => {
    clock = new Date("2026-11-20T23:59:30Z");
    const who = await person("freemium");
    for (let n = 1; n <= 5; n += 1) {
      expect(
        (await createAnnotation(who, { title: `Post ${n}`, annotationDate: today() })).statusCode,
      ).toBe(201);
    }
    const sixth = await createAnnotation(who, { title: "Post 6", annotationDate: today() });
    expect(sixth.statusCode).toBe(429);
    // When the allowance comes back, on the property's clock (this one's is UTC).
    expect(sixth.json().error).toBe(
      "Daily limit reached: all 5 of today's annotations are added. Resets at midnight UTC — in 1 min.",
    );
    expect((await listAnnotations(who)).filter((a) => a.title.startsWith("Post "))).toHaveLength(5);

    clock = new Date("2026-11-21T00:00:01Z");
    expect((await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount).toBe(0);
    expect(
      (await createAnnotation(who, { title: "Next day", annotationDate: today() })).statusCode,
    ).toBe(201);
    expect((await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount).toBe(1);
  });

  it.each([
    ["an empty title", { title: "   " }, "Title is required"],
    [
      "a title over 100 characters",
      { title: "x".repeat(101) },
      "Title must be 100 characters or fewer",
    ],
    [
      "a description over 1,000 characters",
      { description: "x".repeat(1001) },
      "Description must be 1000 characters or fewer",
    ],
    [
      "an impossible date",
      { annotationDate: { year: 2026, month: 2, day: 30 } },
      "That date does not exist",
    ],
    ["a date as a string", { annotationDate: "2026-11-01" }, "Choose a date"],
    [
      "an unknown colour",
      { color: "ORANGE" },
      "Colour must be one of PURPLE, BROWN, BLUE, GREEN, RED, CYAN",
    ],
    ["an extra field", { systemGenerated: true }, undefined],
    [
      "a future date",
      { annotationDate: { year: 2999, month: 1, day: 1 } },
      "Annotations cannot be created for future dates.",
    ],
  ])("refuses %s with 400 and writes nothing", async (_case, change, message) => {
    const who = await person("freemium");
    await control(harness.sandbox.url, "DELETE", "/counters");
    const response = await createAnnotation(who, {
      title: "Valid",
      annotationDate: today(),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error).toBe(message);
    expect(googleCalls(await counters(), "create")).toBe(0);
    expect((await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount).toBe(0);
  });

  it("refuses malformed property and annotation ids", async () => {
    const who = await person("premium");
    expect((await get(who.jar, "/api/annotations/G-12345")).statusCode).toBe(400);
    expect(
      (await send(who.jar, "PATCH", `/api/annotations/${who.propertyId}/bad%20id`, { title: "x" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send(who.jar, "DELETE", `/api/annotations/${who.propertyId}/99999999`)).statusCode,
    ).toBe(404);
  });

  it("keeps editing and deleting for Premium", async () => {
    const free = await person("freemium");
    const [first] = await listAnnotations(free);
    const edit = await send(
      free.jar,
      "PATCH",
      `/api/annotations/${free.propertyId}/${first!.annotationId}`,
      { title: "Renamed" },
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toMatch(/Premium/);
    expect(
      (await send(free.jar, "DELETE", `/api/annotations/${free.propertyId}/${first!.annotationId}`))
        .statusCode,
    ).toBe(403);
  });

  it("lets Premium edit and delete with one Google write each, never a system-generated one", async () => {
    const who = await person("premium");
    const created = (
      await createAnnotation(who, {
        title: "Checkout outage",
        annotationDate: today(),
        color: "RED",
      })
    ).json() as Annotation;
    await control(harness.sandbox.url, "DELETE", "/counters");
    const edited = await send(
      who.jar,
      "PATCH",
      `/api/annotations/${who.propertyId}/${created.annotationId}`,
      { title: "Checkout outage (resolved)", color: "GREEN" },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Checkout outage (resolved)", color: "GREEN" });
    const removed = await send(
      who.jar,
      "DELETE",
      `/api/annotations/${who.propertyId}/${created.annotationId}`,
    );
    expect(removed.statusCode).toBe(200);
    const calls = await counters();
    expect(googleCalls(calls, "patch")).toBe(1);
    expect(googleCalls(calls, "delete")).toBe(1);
    expect(googleCalls(calls, "list")).toBe(0);
    expect((await listAnnotations(who)).some((a) => a.annotationId === created.annotationId)).toBe(
      false,
    );
    const events = await harness.database.db
      .select()
      .from(annotationEvents)
      .where(
        and(
          eq(annotationEvents.annotationId, created.annotationId),
          eq(annotationEvents.propertyId, who.propertyId),
        ),
      );
    expect(events.map((event) => event.eventType).sort()).toEqual([
      "created",
      "deleted",
      "updated",
    ]);

    const system = (await listAnnotations(who)).find((a) => a.systemGenerated)!;
    const refused = await send(
      who.jar,
      "PATCH",
      `/api/annotations/${who.propertyId}/${system.annotationId}`,
      { title: "Mine now" },
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await send(who.jar, "DELETE", `/api/annotations/${who.propertyId}/${system.annotationId}`))
        .statusCode,
    ).toBe(403);
  });

  it("records where each annotation came from, and forgets it with the annotation", async () => {
    const who = await person("premium");
    const elsewhere = await listAnnotations(who);
    // The sandbox's annotations were made in Google Analytics, not through Tidemark.
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const annotation of elsewhere)
      expect(annotation, annotation.title).toMatchObject({ source: "google", dateAdded: null });

    const fromTable = await createAnnotation(who, {
      title: "From the table",
      annotationDate: today(),
    });
    expect(fromTable.json()).toMatchObject({ source: "tidemark", dateAdded: expect.any(String) });
    const chat = await send(who.jar, "POST", "/api/chat", {
      message: "Create an annotation called Assistant launch on 2025-03-01",
      propertyId: who.propertyId,
      timeZone: "UTC",
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const listed = await listAnnotations(who);
    const byTitle = (title: string) => listed.find((annotation) => annotation.title === title)!;
    expect(byTitle("From the table")).toMatchObject({
      source: "tidemark",
      dateAdded: fromTable.json().dateAdded,
    });
    expect(byTitle("Assistant launch")).toMatchObject({
      source: "assistant",
      dateAdded: expect.any(String),
    });

    // Changing an annotation made elsewhere makes it neither Tidemark's nor newly added.
    const recoloured = await send(
      who.jar,
      "PATCH",
      `/api/annotations/${who.propertyId}/${elsewhere.find((a) => !a.systemGenerated)!.annotationId}`,
      { color: "CYAN" },
    );
    expect(recoloured.statusCode, recoloured.body).toBe(200);
    expect(recoloured.json()).toMatchObject({ color: "CYAN", source: "google", dateAdded: null });

    const madeHere = fromTable.json() as Annotation;
    const edited = await send(
      who.jar,
      "PATCH",
      `/api/annotations/${who.propertyId}/${madeHere.annotationId}`,
      { title: "From the table, edited" },
    );
    expect(edited.json()).toMatchObject({ source: "tidemark", dateAdded: madeHere.dateAdded });
    expect(
      (await send(who.jar, "DELETE", `/api/annotations/${who.propertyId}/${madeHere.annotationId}`))
        .statusCode,
    ).toBe(200);
    const kept = await harness.database.db
      .select()
      .from(sharedAnnotationMetadata)
      .where(
        and(
          eq(sharedAnnotationMetadata.propertyId, who.propertyId),
          eq(sharedAnnotationMetadata.annotationId, madeHere.annotationId),
        ),
      );
    expect(kept).toEqual([]);
  });

  it("refuses writes on a read-only connection with a clear message", async () => {
    const who = await person("premium", {
      untick: ["https://www.googleapis.com/auth/analytics.edit"],
    });
    const response = await createAnnotation(who, { title: "Nope", annotationDate: today() });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/read annotations but not change them/);
    expect((await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount).toBe(0);
  });
});

describe("many requests at once", () => {
  // Concurrent requests share their session, property and metadata reads; each must still get
  // exactly its own answer.
  it("gives each person their own annotations and refuses a property someone has not saved", async () => {
    const [ada, grace] = await Promise.all([person("premium"), person("freemium")]);
    expect(ada.propertyId).not.toBe(grace.propertyId);
    const adaNote = (
      await createAnnotation(ada, { title: "Ada's launch", annotationDate: today() })
    ).json() as Annotation;
    const graceNote = (
      await createAnnotation(grace, { title: "Grace's outage", annotationDate: today() })
    ).json() as Annotation;

    const [adaList, graceList, trespass, anonymous] = await Promise.all([
      get(ada.jar, `/api/annotations/${ada.propertyId}`),
      get(grace.jar, `/api/annotations/${grace.propertyId}`),
      get(grace.jar, `/api/annotations/${ada.propertyId}`),
      inject({ method: "GET", url: `/api/annotations/${ada.propertyId}` }),
    ]);

    const titles = (response: typeof adaList) =>
      (response.json().reportingDataAnnotations as Annotation[]).map((a) => a.title);
    expect(titles(adaList)).toContain("Ada's launch");
    expect(titles(adaList)).not.toContain("Grace's outage");
    expect(titles(graceList)).toContain("Grace's outage");
    expect(titles(graceList)).not.toContain("Ada's launch");
    const adaRow = (adaList.json().reportingDataAnnotations as Annotation[]).find(
      (a) => a.annotationId === adaNote.annotationId,
    );
    // A create's answer also names the change it recorded (to offer an undo); a list does not.
    const { changeId: adaChange, ...adaCreated } = adaNote as Annotation & { changeId: string };
    expect(adaChange).toEqual(expect.any(String));
    expect(adaRow).toEqual(adaCreated);
    const graceRow = (graceList.json().reportingDataAnnotations as Annotation[]).find(
      (a) => a.annotationId === graceNote.annotationId,
    );
    const { changeId: graceChange, ...graceCreated } = graceNote as Annotation & {
      changeId: string;
    };
    expect(graceChange).toEqual(expect.any(String));
    expect(graceRow).toEqual(graceCreated);
    expect(trespass.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("when Google fails", () => {
  it("retries a 503 and creates exactly one annotation", async () => {
    const who = await person("premium");
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.create",
      kind: "unavailable",
      times: 1,
    });
    const response = await createAnnotation(who, {
      title: "Retried once",
      annotationDate: today(),
    });
    expect(response.statusCode).toBe(201);
    expect((await listAnnotations(who)).filter((a) => a.title === "Retried once")).toHaveLength(1);
  });

  it("never duplicates when Google commits and the connection drops", async () => {
    const who = await person("premium");
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.create",
      kind: "commit-then-drop",
      times: 1,
    });
    const response = await createAnnotation(who, {
      title: "Dropped answer",
      annotationDate: today(),
    });
    expect(response.statusCode).toBe(201);
    expect((await listAnnotations(who)).filter((a) => a.title === "Dropped answer")).toHaveLength(
      1,
    );
  });

  it("gives a clear error and spends no quota when Google stays unavailable", async () => {
    const who = await person("freemium");
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.create",
      kind: "unavailable",
    });
    const response = await createAnnotation(who, { title: "Never lands", annotationDate: today() });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe(
      "Google Analytics is unavailable right now. Please try again shortly.",
    );
    expect((await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount).toBe(0);
    await control(harness.sandbox.url, "DELETE", "/faults");
    expect((await listAnnotations(who)).some((a) => a.title === "Never lands")).toBe(false);
  });

  it("says Google is busy on a persistent 429", async () => {
    const who = await person("freemium");
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.list",
      kind: "resource-exhausted",
    });
    const response = await get(who.jar, `/api/annotations/${who.propertyId}`);
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toBe(
      "Google Analytics is busy right now. Please try again in a minute.",
    );
  });
});

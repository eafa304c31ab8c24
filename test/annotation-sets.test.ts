import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { annotationSetMembers, properties, users } from "../src/server/db/schema/index.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  describeOutcomes,
  type AnnotationCopy,
  type PropertyOutcome,
} from "../src/shared/contracts/annotation-sets.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/** One annotation on several properties (decision 0058), over HTTP, a database and the sandbox. */
let harness: AppHarness;
let who: TestPerson;
/** The person's two editable properties, the first the one they started with. */
let propertyIds: string[];
/** A property they can only view in Google, saved all the same. */
let viewOnly: string;
let names: Map<string, string>;
const nameOf = (propertyId: string | undefined) => names.get(propertyId!)!;

beforeAll(async () => {
  harness = await startAppHarness();
  // The sandbox seeds this address with two editable properties and one it may only view.
  who = await setUpPerson(harness, "premium", { email: "copies.1@example.com" });
  const reachable = (await requestAs(harness, who.jar, "GET", "/api/ga4/properties")).json()
    .properties as { propertyId: string; canEdit: boolean }[];
  const other = reachable.find((p) => p.canEdit && p.propertyId !== who.propertyId)!.propertyId;
  viewOnly = reachable.find((p) => !p.canEdit)!.propertyId;
  for (const propertyId of [other, viewOnly]) {
    const saved = await requestAs(harness, who.jar, "POST", "/api/properties", { propertyId });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
  }
  // Their days are UTC days, as the tests' "today" is.
  await harness.database.db
    .update(properties)
    .set({ timeZone: "UTC" })
    .where(inArray(properties.propertyId, [other, viewOnly]));
  propertyIds = [who.propertyId, other];
  const saved = await requestAs(harness, who.jar, "GET", "/api/properties");
  names = new Map(
    (saved.json().properties as { propertyId: string; name: string }[]).map((p) => [
      p.propertyId,
      p.name,
    ]),
  );
});
afterAll(async () => {
  await harness?.close();
});

const today = () => calendarDateOf(new Date());
const list = async (propertyId: string) => {
  const response = await requestAs(harness, who.jar, "GET", `/api/annotations/${propertyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().reportingDataAnnotations as Annotation[];
};
const titled = async (propertyId: string, title: string) =>
  (await list(propertyId)).filter((annotation) => annotation.title === title);
const copiesOf = async (propertyId: string, annotationId: string) => {
  const response = await requestAs(
    harness,
    who.jar,
    "GET",
    `/api/annotations/${propertyId}/${annotationId}/copies`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().copies as AnnotationCopy[];
};
const usedToday = async () =>
  (await requestAs(harness, who.jar, "GET", "/api/auth/user")).json()
    .dailyAnnotationCount as number;
const setQuota = (annotationQuota: number) =>
  harness.database.db.update(users).set({ annotationQuota }).where(eq(users.email, who.email));
const createOn = async (ids: string[], requestId: string, title: string) => {
  const response = await requestAs(harness, who.jar, "POST", "/api/annotation-sets", {
    propertyIds: ids,
    annotation: { title, annotationDate: today(), color: "GREEN", requestId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().outcomes as PropertyOutcome[];
};
const createdIn = (outcome: PropertyOutcome | undefined): string => {
  if (outcome?.status !== "done")
    throw new Error(`expected a made copy: ${JSON.stringify(outcome)}`);
  return outcome.annotation!.annotationId;
};
const statuses = (outcomes: PropertyOutcome[]) =>
  outcomes.map((outcome) =>
    outcome.status === "done" ? "done" : `${outcome.propertyId}:${outcome.code}`,
  );

describe("one annotation on several properties", () => {
  const requestId = crypto.randomUUID();
  const title = "Winter sale on every shop";
  /** The annotation on each property, once made. */
  const made = new Map<string, string>();

  it("counts each property against the day's allowance: the one over it is refused and reported, the others land", async () => {
    const before = await usedToday();
    await setQuota(before + 1);
    const outcomes = await createOn(propertyIds, requestId, title);
    expect(statuses(outcomes)).toEqual(["done", `${propertyIds[1]}:daily_limit`]);
    expect(outcomes.map((outcome) => outcome.propertyName)).toEqual(propertyIds.map(nameOf));
    expect(await usedToday()).toBe(before + 1);
    expect(describeOutcomes(outcomes, "Added to")).toBe(
      `Added to ${nameOf(propertyIds[0])}; ${nameOf(propertyIds[1])}: daily limit reached`,
    );
    made.set(propertyIds[0]!, createdIn(outcomes[0]));
    const first = outcomes[0]!;
    expect(first.status === "done" && first.annotation?.source).toBe("tidemark");
    expect(first.status === "done" && first.changeId).toMatch(/-/);
    expect(await titled(propertyIds[1]!, title)).toEqual([]);
    // One annotation alone is no set.
    expect(await copiesOf(propertyIds[0]!, made.get(propertyIds[0]!)!)).toEqual([]);
  });

  it("never makes a copy twice when the same request is sent again, and adds the missing one once there is room", async () => {
    const before = await usedToday();
    const again = await createOn(propertyIds, requestId, title);
    expect(statuses(again)).toEqual(["done", `${propertyIds[1]}:daily_limit`]);
    expect(createdIn(again[0])).toBe(made.get(propertyIds[0]!));
    expect(await usedToday()).toBe(before);

    await setQuota(before + 1);
    const completed = await createOn(propertyIds, requestId, title);
    expect(statuses(completed)).toEqual(["done", "done"]);
    made.set(propertyIds[1]!, createdIn(completed[1]));
    expect(await usedToday()).toBe(before + 1);
    for (const propertyId of propertyIds) expect(await titled(propertyId, title)).toHaveLength(1);
    await setQuota(50);
  });

  it("links the copies as a set, each telling the client the others by property name", async () => {
    const [first, second] = propertyIds;
    expect(await copiesOf(first!, made.get(first!)!)).toEqual([
      { propertyId: second, propertyName: nameOf(second), annotationId: made.get(second!) },
    ]);
    expect(await copiesOf(second!, made.get(second!)!)).toEqual([
      { propertyId: first, propertyName: nameOf(first), annotationId: made.get(first!) },
    ]);
  });

  it("applies an edit to every copy, answering each property", async () => {
    const [first] = propertyIds;
    const response = await requestAs(
      harness,
      who.jar,
      "PATCH",
      `/api/annotations/${first}/${made.get(first!)}/with-copies`,
      { title: "Winter sale, extended", color: "RED" },
    );
    expect(response.statusCode, response.body).toBe(200);
    const outcomes = response.json().outcomes as PropertyOutcome[];
    expect(outcomes.map((outcome) => [outcome.propertyId, outcome.status])).toEqual(
      propertyIds.map((id) => [id, "done"]),
    );
    for (const propertyId of propertyIds) {
      const [annotation] = await titled(propertyId, "Winter sale, extended");
      expect(annotation?.annotationId).toBe(made.get(propertyId));
      expect(annotation?.color).toBe("RED");
    }
  });

  it("deletes every copy, and the set with them", async () => {
    const [first, second] = propertyIds;
    const response = await requestAs(
      harness,
      who.jar,
      "DELETE",
      `/api/annotations/${second}/${made.get(second!)}/with-copies`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const outcomes = response.json().outcomes as PropertyOutcome[];
    expect(outcomes.map((outcome) => [outcome.propertyId, outcome.status])).toEqual([
      [second, "done"],
      [first, "done"],
    ]);
    expect(describeOutcomes(outcomes, "Deleted from")).toBe(
      `Deleted from ${nameOf(second)} and ${nameOf(first)}`,
    );
    for (const propertyId of propertyIds)
      expect(await titled(propertyId, "Winter sale, extended")).toEqual([]);
    const left = await harness.database.db
      .select()
      .from(annotationSetMembers)
      .where(inArray(annotationSetMembers.annotationId, [...made.values()]));
    expect(left).toEqual([]);
  });

  it("lets a copy deleted in GA4 directly drop out of the set on the next listing", async () => {
    const [first, second] = propertyIds;
    const outcomes = await createOn(propertyIds, crypto.randomUUID(), "Price change");
    const [one, two] = [createdIn(outcomes[0]), createdIn(outcomes[1])];
    expect(await copiesOf(first!, one)).toHaveLength(1);
    const google = await mintTokens(harness.sandbox.url, {
      email: who.email,
      scopes: [analyticsScopes.edit],
    });
    const deleted = await fetch(
      `${harness.sandbox.url}/v1alpha/properties/${second}/reportingDataAnnotations/${two}`,
      { method: "DELETE", headers: { authorization: `Bearer ${google.access_token}` } },
    );
    expect(deleted.status).toBe(200);
    // Still linked until Tidemark reads that property's list.
    expect(await copiesOf(first!, one)).toHaveLength(1);
    await list(second!);
    expect(await copiesOf(first!, one)).toEqual([]);
  });
});

describe("a multi-property create's request", () => {
  it("is refused with a clear error when a property is chosen twice or none is", async () => {
    for (const ids of [[who.propertyId, who.propertyId], []]) {
      const response = await requestAs(harness, who.jar, "POST", "/api/annotation-sets", {
        propertyIds: ids,
        annotation: { title: "Twice", annotationDate: today() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("invalid_request");
    }
  });

  it("reports a property not saved, or one Google refuses, as refused, and still makes the others", async () => {
    const outcomes = await createOn(
      [who.propertyId, "999999999", viewOnly],
      crypto.randomUUID(),
      "Only where saved",
    );
    expect(statuses(outcomes).slice(0, 2)).toEqual(["done", "999999999:property_not_saved"]);
    expect(outcomes[2]).toMatchObject({ status: "failed", propertyName: nameOf(viewOnly) });
    const created = outcomes[0]!;
    if (created.status !== "done") throw new Error("expected a created annotation");
    // A set of one is no set: it has no copies.
    expect(await copiesOf(who.propertyId, created.annotation!.annotationId)).toEqual([]);
  });

  it("is an ordinary single create for an annotation that has no copies", async () => {
    const [annotation] = await titled(who.propertyId, "Only where saved");
    const edited = await requestAs(
      harness,
      who.jar,
      "PATCH",
      `/api/annotations/${who.propertyId}/${annotation!.annotationId}/with-copies`,
      { description: "Just this one" },
    );
    expect(edited.json().outcomes).toHaveLength(1);
  });
});

describe("undoing the deletion of one copy", () => {
  it("makes it again in its set: the copies follow the new id", async () => {
    const [first, second] = propertyIds as [string, string];
    await setQuota((await usedToday()) + 2);
    const outcomes = await createOn(propertyIds, crypto.randomUUID(), "Restored into its set");
    const kept = createdIn(outcomes[0]);
    const deletedId = createdIn(outcomes[1]);
    const deleted = await requestAs(
      harness,
      who.jar,
      "DELETE",
      `/api/annotations/${second}/${deletedId}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await copiesOf(first, kept)).toEqual([]);

    const undone = await requestAs(
      harness,
      who.jar,
      "POST",
      `/api/annotations/${second}/changes/${deleted.json().changeId as string}/undo`,
      {},
    );
    expect(undone.statusCode, undone.body).toBe(200);
    const restoredId = undone.json().annotation.annotationId as string;
    expect(restoredId).not.toBe(deletedId);
    expect((await copiesOf(first, kept)).map((copy) => copy.annotationId)).toEqual([restoredId]);
    expect((await copiesOf(second, restoredId)).map((copy) => copy.annotationId)).toEqual([kept]);
  });
});

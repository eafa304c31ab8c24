import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { users } from "../src/server/db/schema/index.js";
import { freePropertyChangeDays } from "../src/shared/plans.js";
import { requestAs, setUpPerson, startAppHarness, type AppHarness } from "./app-harness.js";

let harness: AppHarness;
/** The app's clock; tests move it past the 30 days. */
let clock = new Date();
const dayMs = 24 * 60 * 60 * 1000;

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

type Jar = Parameters<typeof requestAs>[1];
const get = (jar: Jar, url: string) => requestAs(harness, jar, "GET", url);
const changeTo = (jar: Jar, propertyId: string) =>
  requestAs(harness, jar, "PUT", "/api/properties/locked", { propertyId });

async function otherProperties(jar: Jar, besides: string): Promise<string[]> {
  const listed = (await get(jar, "/api/ga4/properties")).json().properties as {
    propertyId: string;
  }[];
  return listed.map((entry) => entry.propertyId).filter((id) => id !== besides);
}

describe("changing the free plan's one property", () => {
  it("allows the first change at once, then once every 30 days, with a clear code", async () => {
    const who = await setUpPerson(harness, "freemium");
    const [second] = await otherProperties(who.jar, who.propertyId);
    // Switching back to the first property is a change like any other.
    const third = who.propertyId;
    expect(second).toBeTruthy();
    expect((await get(who.jar, "/api/auth/user")).json().propertyChangeAllowedFrom).toBeNull();

    const changed = await changeTo(who.jar, second!);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().property).toMatchObject({ propertyId: second, locked: true });
    // The old property leaves the saved list; the new one is the only one, locked.
    const saved = (await get(who.jar, "/api/properties")).json().properties;
    expect(saved).toEqual([expect.objectContaining({ propertyId: second, locked: true })]);
    const me = (await get(who.jar, "/api/auth/user")).json();
    expect(me.lockedPropertyId).toBe(second);
    const allowedFrom = new Date(me.propertyChangeAllowedFrom as string);
    expect(allowedFrom.getTime() - clock.getTime()).toBe(freePropertyChangeDays * dayMs);
    expect((await get(who.jar, `/api/annotations/${who.propertyId}`)).statusCode).toBe(403);
    expect((await get(who.jar, `/api/annotations/${second}`)).statusCode).toBe(200);

    const refused = await changeTo(who.jar, third!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: "property_change_too_soon",
      error: `On the free plan your property can be changed once every ${freePropertyChangeDays} days; the next change is possible on ${allowedFrom.toISOString().slice(0, 10)}.`,
    });
    // Saving another property through the ordinary path is still refused by the lock.
    expect(
      (await requestAs(harness, who.jar, "POST", "/api/properties", { propertyId: third })).json()
        .code,
    ).toBe("property_locked");

    clock = new Date(clock.getTime() + freePropertyChangeDays * dayMs - 60_000);
    expect((await changeTo(who.jar, third!)).statusCode).toBe(409);
    clock = new Date(clock.getTime() + 60_000);
    expect((await changeTo(who.jar, third!)).statusCode).toBe(200);
    expect((await get(who.jar, "/api/auth/user")).json().lockedPropertyId).toBe(third);
  });

  it("lets only one of two changes at once through", async () => {
    const who = await setUpPerson(harness, "freemium");
    const [second] = await otherProperties(who.jar, who.propertyId);
    // Two tabs asking for the same change: both read the same lock, only one may move it.
    const answers = await Promise.all([changeTo(who.jar, second!), changeTo(who.jar, second!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await get(who.jar, "/api/properties")).json().properties).toHaveLength(1);
  });

  it("refuses a property the Google account cannot reach, and changes nothing", async () => {
    const who = await setUpPerson(harness, "freemium");
    const refused = await changeTo(who.jar, "999999999");
    expect(refused.json().code).toBe("property_unreachable");
    const me = (await get(who.jar, "/api/auth/user")).json();
    expect(me).toMatchObject({ lockedPropertyId: who.propertyId, propertyChangeAllowedFrom: null });
  });

  it("is an ordinary save on Premium", async () => {
    const who = await setUpPerson(harness, "premium");
    const [second] = await otherProperties(who.jar, who.propertyId);
    expect((await changeTo(who.jar, second!)).statusCode).toBe(200);
    expect((await get(who.jar, "/api/properties")).json().properties).toHaveLength(2);
  });
});

describe("asking to hear once Premium is for sale", () => {
  it("records the wish on the account, exports it and deletes it with the account", async () => {
    const who = await setUpPerson(harness, "freemium");
    expect((await get(who.jar, "/api/auth/user")).json().wantsPremiumNotice).toBe(false);
    const noted = await requestAs(harness, who.jar, "POST", "/api/users/premium-interest");
    expect(noted.statusCode).toBe(200);
    expect(noted.json().user.wantsPremiumNotice).toBe(true);
    const firstAsked = clock.toISOString();
    clock = new Date(clock.getTime() + dayMs);
    await requestAs(harness, who.jar, "POST", "/api/users/premium-interest");

    const exported = (await requestAs(harness, who.jar, "POST", "/api/account/export")).json();
    expect(exported.account.premium_interest_at ?? exported.account.premiumInterestAt).toBe(
      firstAsked,
    );

    const deleted = await requestAs(harness, who.jar, "POST", "/api/account/delete", {
      confirmEmail: who.email,
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await harness.database.db.select().from(users).where(eq(users.email, who.email));
    expect(rows).toEqual([]);
  });
});

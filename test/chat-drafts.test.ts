import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpPerson, startAppHarness, type AppHarness } from "./app-harness.js";
import { chatSession, type ChatPerson } from "./chat-session.js";

/**
 * The assistant's request as a draft the person can see (issue #36): a draft card's fields are
 * edited in place and what the card shows is what is written; a refused edit leaves the card
 * waiting; and whatever was written last is what "it" names next. On the offline engine.
 */
let harness: AppHarness;
/** A fixed clock: Monday 2026-11-23, mid-afternoon UTC. */
const clock = new Date("2026-11-23T15:00:00Z");

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});

type Person = ChatPerson;
const { say, press, annotationsOf } = chatSession(() => harness);

/** A request the engine cannot be sure of, so it answers with a draft card. */
const vague = "the payment page was broken for a bit on thursday, can you add it";

describe("a draft card", () => {
  it("writes the fields as edited in place, a range included, and nothing before", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const answer = await say(who, vague);
    const draft = answer.confirmation;
    expect(draft?.kind).toBe("create");
    expect(draft?.draft?.startDate).toBe("2026-11-19");
    const seeded = (await annotationsOf(who)).length;

    const edited = await press(who, {
      confirmationId: draft!.id,
      decision: "confirm",
      draft: {
        title: "Payment page outage",
        description: "Stripe webhook failures",
        startDate: "2026-11-19",
        endDate: "2026-11-20",
        color: "RED",
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().reply).toContain("Payment page outage");
    const written = (await annotationsOf(who)).find((a) => a.title === "Payment page outage");
    expect(await annotationsOf(who)).toHaveLength(seeded + 1);
    expect(written).toMatchObject({
      title: "Payment page outage",
      description: "Stripe webhook failures",
      color: "RED",
      annotationDateRange: {
        startDate: { year: 2026, month: 11, day: 19 },
        endDate: { year: 2026, month: 11, day: 20 },
      },
    });

    // What was just written is "it": a colour named next changes that annotation.
    const recoloured = await say(who, "switch it to green");
    expect(recoloured.reply).toContain("Payment page outage");
    const after = await annotationsOf(who);
    expect(after.find((a) => a.title === "Payment page outage")?.color).toBe("GREEN");
    expect(after).toHaveLength(seeded + 1);
  });

  it("is edited by a change typed while it waits, and waits again as changed", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const seeded = (await annotationsOf(who)).length;
    const first = (await say(who, vague)).confirmation!;
    const title = first.draft!.title;

    const green = await say(who, "switch it to green");
    expect(green.reply).toMatch(/^I've changed the draft; nothing is written yet\./);
    expect(green.confirmation?.draft).toMatchObject({
      title,
      color: "GREEN",
      startDate: "2026-11-19",
    });
    const moved = await say(who, "actually the 17th");
    expect(moved.confirmation?.draft).toMatchObject({ color: "GREEN", startDate: "2026-11-17" });
    const ranged = await say(who, "make it run until the 18th");
    expect(ranged.confirmation?.draft).toMatchObject({
      startDate: "2026-11-17",
      endDate: "2026-11-18",
    });
    expect(await annotationsOf(who)).toHaveLength(seeded);

    const yes = await say(who, "yes");
    expect(yes.reply).toContain(title);
    expect((await annotationsOf(who)).find((a) => a.title === title)).toMatchObject({
      color: "GREEN",
      annotationDateRange: {
        startDate: { year: 2026, month: 11, day: 17 },
        endDate: { year: 2026, month: 11, day: 18 },
      },
    });
  });

  it("keeps waiting as it was when a change of 'it' cannot be made on it", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const seeded = (await annotationsOf(who)).length;
    const first = (await say(who, vague)).confirmation!;
    const kept = await say(who, "put it in Campaigns");
    expect(kept.reply).toMatch(/^I couldn't make that change on the draft here/);
    expect(kept.confirmation?.id).toBe(first.id);
    expect(await annotationsOf(who)).toHaveLength(seeded);
    // A future day is refused while the card still waits.
    const future = await press(who, {
      confirmationId: first.id,
      decision: "confirm",
      draft: { title: "Later", description: "", startDate: "2026-11-30", color: "RED" },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toContain("future dates");
    const plain = await press(who, { confirmationId: first.id, decision: "confirm" });
    expect(plain.statusCode).toBe(200);
  });

  it("refuses an edit it cannot write with the field's own words, and keeps waiting", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const draft = (await say(who, vague)).confirmation!;
    const seeded = (await annotationsOf(who)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "   " }, "Title is required"],
      [{ startDate: "2026-02-30" }, "YYYY-MM-DD"],
      [{ endDate: "2026-11-01" }, "The end date must be on or after the start date"],
      [{ color: "PINK" }, "Colour must be one of"],
      [{ categoryId: "not-a-uuid" }, "That is not a valid category"],
    ];
    for (const [change, words] of cases) {
      const refused = await press(who, {
        confirmationId: draft.id,
        decision: "confirm",
        draft: { title: "Fine", description: "", startDate: "2026-11-19", color: "RED", ...change },
      });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(words);
    }
    // Fields go only with a Confirm.
    const cancelWithFields = await press(who, {
      confirmationId: draft.id,
      decision: "cancel",
      draft: { title: "Fine", description: "", startDate: "2026-11-19", color: "RED" },
    });
    expect(cancelWithFields.statusCode).toBe(400);
    expect(await annotationsOf(who)).toHaveLength(seeded);
    // Still waiting: the card's own Create writes the draft as it was.
    const plain = await press(who, { confirmationId: draft.id, decision: "confirm" });
    expect(plain.statusCode).toBe(200);
    const titles = (await annotationsOf(who)).map((a) => a.title);
    expect(titles).toHaveLength(seeded + 1);
    expect(titles).toContain(draft.draft!.title);
  });

  it("has no fields to edit on a deletion, and an edited change that changes nothing says so", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Spring promo" on 2026-11-03');
    const deletion = (await say(who, 'delete "Spring promo"')).confirmation!;
    expect(deletion.kind).toBe("delete");
    const refused = await press(who, {
      confirmationId: deletion.id,
      decision: "confirm",
      draft: { title: "Spring promo", description: "", startDate: "2026-11-03", color: "BLUE" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain("A deletion has no fields to edit");
    await press(who, { confirmationId: deletion.id, decision: "cancel" });

    // A change the engine was unsure of, edited back to the annotation as it is: nothing is
    // written and nothing is said to have been updated.
    const change = (await say(who, "Spring promo is green?")).confirmation;
    expect(change?.kind).toBe("update");
    const spring = async () => (await annotationsOf(who)).find((a) => a.title === "Spring promo");
    const before = (await spring())!;
    const unchanged = await press(who, {
      confirmationId: change!.id,
      decision: "confirm",
      draft: {
        title: before.title,
        description: before.description,
        startDate: "2026-11-03",
        color: before.color,
      },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().reply).toMatch(/^Nothing to change/);
    expect(unchanged.json().reply).not.toMatch(/Updated|Changed/);
    expect(await spring()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpPerson, startAppHarness, type AppHarness } from "./app-harness.js";
import { chatSession, type ChatPerson } from "./chat-session.js";

/**
 * The assistant's request as a draft the person can see: a draft card's fields are
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
const { say, press, annotationsOf, inject } = chatSession(() => harness);

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

  it("takes days typed alone as the draft's days, when the request said none", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const seeded = (await annotationsOf(who)).length;
    const asked = await say(who, 'add "Loyalty tier change"');
    expect(asked.confirmation?.draft?.title).toBe("Loyalty tier change");
    const day = await say(who, "the 12th");
    expect(day.reply).toMatch(/^I've changed the draft; nothing is written yet\./);
    expect(day.confirmation?.draft).toMatchObject({ startDate: "2026-11-12" });
    const days = await say(who, "oct 19 to oct 23");
    expect(days.confirmation?.draft).toMatchObject({
      startDate: "2026-10-19",
      endDate: "2026-10-23",
    });
    expect(await annotationsOf(who)).toHaveLength(seeded);
  });

  it("is created as edited when the edit comes with its yes, and kept as shown by a yes that restates it", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const seeded = (await annotationsOf(who)).length;
    const asked = await say(who, 'add "Loyalty tier change"');
    expect(asked.confirmation?.draft?.title).toBe("Loyalty tier change");
    const saved = await say(who, "make it the 17th and yes save");
    expect(saved.confirmation).toBeFalsy();
    const written = (await annotationsOf(who)).find((a) => a.title === "Loyalty tier change");
    expect(written?.annotationDate).toEqual({ year: 2026, month: 11, day: 17 });

    const second = await say(who, "add payday push friday");
    expect(second.confirmation?.draft).toMatchObject({ startDate: "2026-11-20" });
    await say(who, "yep friday is the date, save it");
    const payday = (await annotationsOf(who)).find((a) => /payday push/i.test(a.title));
    expect(payday?.annotationDate).toEqual({ year: 2026, month: 11, day: 20 });
    expect(await annotationsOf(who)).toHaveLength(seeded + 2);

    // The yes first, then the edit: written as edited.
    await say(who, "don't save it yet but add 'Paid search budget cut' on the 9th");
    await say(who, "yes but brown");
    const cut = (await annotationsOf(who)).find((a) => a.title === "Paid search budget cut");
    expect(cut).toMatchObject({
      color: "BROWN",
      annotationDate: { year: 2026, month: 11, day: 9 },
    });
    expect(await annotationsOf(who)).toHaveLength(seeded + 3);

    // A yes said before a question is no yes: the draft is dropped, nothing is written.
    await say(who, 'add "Gift guide email"');
    await say(who, "yes, but first show me the list");
    expect(await annotationsOf(who)).toHaveLength(seeded + 3);
  });

  it("leaves an end still to come open, and says so, for a create and for a change", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const seeded = (await annotationsOf(who)).length;
    const asked = await say(who, 'add "Gift wrap upsell" from nov 20 to next friday');
    expect(asked.reply).toContain("it runs until 2026-11-27, which is still to come");
    expect(asked.confirmation?.draft).toMatchObject({ startDate: "2026-11-20" });
    expect(asked.confirmation?.draft?.endDate).toBeUndefined();
    expect(await annotationsOf(who)).toHaveLength(seeded);
    await say(who, "yes");
    const made = (await annotationsOf(who)).find((a) => a.title === "Gift wrap upsell");
    expect(made?.annotationDate).toEqual({ year: 2026, month: 11, day: 20 });

    const moved = await say(who, "Gift wrap upsell runs until next sunday");
    expect(moved.reply).toContain("still to come");
    const after = (await annotationsOf(who)).find((a) => a.title === "Gift wrap upsell");
    expect(after?.annotationDate).toEqual({ year: 2026, month: 11, day: 20 });
    expect(after?.annotationDateRange).toBeUndefined();
  });

  it("asks which day when the weekday and the day of the month disagree", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const seeded = (await annotationsOf(who)).length;
    const asked = await say(who, 'add "Homepage takeover" on thursday the 3rd');
    expect(asked.confirmation?.kind ?? null).not.toBe("create");
    expect(await annotationsOf(who)).toHaveLength(seeded);
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

  it("shows which words each field came from, and a field the person set is no longer doubted", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const first = (await say(who, "add Friday newsletter in orange")).confirmation!;
    // The day may be part of the name, and orange is GA4's own: those fields are to be checked.
    const dayInTitle = "“friday” may be part of the title";
    expect(first.draft?.sources).toEqual({
      title: { words: first.draft!.title, sure: false, doubt: dayInTitle },
      date: { words: "Friday", sure: false, doubt: dayInTitle },
      color: { words: "orange", sure: false, doubt: expect.stringMatching(/^GA4 keeps orange/) },
    });
    const green = await say(who, "switch it to green");
    expect(green.confirmation?.draft?.color).toBe("GREEN");
    expect(green.confirmation?.draft?.sources).toEqual({
      title: { words: first.draft!.title, sure: false, doubt: dayInTitle },
      date: { words: "Friday", sure: false, doubt: dayInTitle },
    });
    // Read back as the conversation is reopened: the same card, the same words.
    const history = await inject({
      method: "GET",
      url: `/api/chat/${green.sessionId}`,
      headers: { cookie: who.jar.header() },
    });
    expect(history.json().confirmation?.draft?.sources?.date).toMatchObject({
      words: "Friday",
      sure: false,
    });
  });

  it("takes a quoted name said with its yes, and only a quoted one", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const first = (await say(who, vague)).confirmation!;
    const unquoted = await say(who, "call it Payment page down and save");
    expect(unquoted.confirmation, unquoted.reply).not.toBeNull();
    expect((await annotationsOf(who)).some((a) => a.title === "Payment page down")).toBe(false);
    const saved = await say(who, 'call it "Payment page down" and save');
    expect(saved.confirmation, saved.reply).toBeNull();
    const written = (await annotationsOf(who)).find((a) => a.title === "Payment page down");
    expect(written?.annotationDate).toEqual({ year: 2026, month: 11, day: 19 });
    expect(first.kind).toBe("create");
  });

  it("takes a yes said with the change its card shows, and says an edited card's new fields", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Zebra crossing campaign" on 2016-03-10');
    const card = await say(who, "the zebra one should be green");
    expect(card.confirmation?.kind).toBe("update");
    // Edited, the card's words say what it now writes.
    const red = await say(who, "make it red");
    expect(red.reply).toMatch(/^I've changed the draft/);
    expect(red.reply).toContain("(2016-03-10) in red?");
    const zebra = async () =>
      (await annotationsOf(who)).find((a) => a.title === "Zebra crossing campaign");
    expect((await zebra())?.color).toBe("BLUE");
    const yes = await say(who, "yes that one, make it red");
    expect(yes.confirmation, yes.reply).toBeNull();
    expect((await zebra())?.color).toBe("RED");
  });

  it("shows on a change's draft which field to check, and writes what the card shows", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'log "Pricing relaunch" yesterday');
    // A day still to come is shown first: the note is under the day, not the whole card.
    const ahead = (await say(who, "move it to 2026-11-30")).confirmation!;
    expect(ahead.kind).toBe("update");
    expect(ahead.draft?.sources).toEqual({
      date: { words: "2026-11-30", sure: false, doubt: "2026-11-30 is still to come" },
    });
    await press(who, { confirmationId: ahead.id, decision: "cancel" });
    // Without a year, the last Nov 30 past is eleven months back: a slip more likely than meant.
    const lastYears = (await say(who, "move it to Nov 30")).confirmation!;
    expect(lastYears.draft?.startDate).toBe("2025-11-30");
    expect(lastYears.draft?.sources?.date).toEqual({
      words: "Nov 30",
      sure: false,
      doubt: "this year's is still to come, so I took last year's: 2025-11-30",
    });
    await press(who, { confirmationId: lastYears.id, decision: "cancel" });

    // A typo report: the title it would set is the field to check.
    const typo = (
      await say(who, "there's a typo in Pricing relaunch, should be Pricing relaunched")
    ).confirmation!;
    expect(typo.draft?.title).toBe("Pricing relaunched");
    expect(typo.draft?.sources).toEqual({
      title: {
        words: "Pricing relaunched",
        sure: false,
        doubt: "you reported a typo in “Pricing relaunch”",
      },
    });
    // Set on the card, the title is the person's own: saved as shown, with no note left to keep.
    const saved = await press(who, {
      confirmationId: typo.id,
      decision: "confirm",
      draft: {
        title: "Pricing relaunch v2",
        description: typo.draft!.description,
        startDate: typo.draft!.startDate,
        color: typo.draft!.color,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await annotationsOf(who)).some((a) => a.title === "Pricing relaunch v2")).toBe(true);
  });

  it("reads an event named with its days and no verb as a draft, never a write", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const before = (await annotationsOf(who)).length;
    const stated = await say(who, "Flash sale over the weekend, red");
    expect(stated.confirmation?.kind).toBe("create");
    expect(stated.confirmation?.draft).toMatchObject({
      title: "Flash sale",
      startDate: "2026-11-21",
      endDate: "2026-11-22",
      color: "RED",
    });
    expect(stated.reply).toContain("you didn't say to add “Flash sale”");
    expect(await annotationsOf(who)).toHaveLength(before);
  });

  it("shows a change first when the annotation was found by some of its words", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'log "TikTok creator push" yesterday');
    const change = await say(who, "make the tiktok push green");
    expect(change.confirmation?.kind).toBe("update");
    expect(change.reply).toContain("I took “tiktok push” to mean “TikTok creator push”");
    expect(
      (await annotationsOf(who)).find((a) => a.title === "TikTok creator push")?.color,
    ).not.toBe("GREEN");
    await say(who, "yes");
    expect((await annotationsOf(who)).find((a) => a.title === "TikTok creator push")?.color).toBe(
      "GREEN",
    );
  });

  it("asks rather than fold a range into one day when the end said is its first day", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'log "Pinterest catalog ads" from Nov 20 to Nov 22');
    // Monday 2026-11-23: the Friday just past is the range's first day; the coming one is meant.
    const asked = await say(who, "make Pinterest catalog ads run until friday");
    expect(asked.reply).toContain("would make it one day. Which day should it end on?");
    expect(
      (await annotationsOf(who)).find((a) => a.title === "Pinterest catalog ads")
        ?.annotationDateRange?.endDate,
    ).toEqual({ year: 2026, month: 11, day: 22 });
  });

  it("is what 'undo' takes back while it waits, never the change made before it", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'log "Pricing relaunch" yesterday');
    const seeded = await annotationsOf(who);
    expect(seeded.some((a) => a.title === "Pricing relaunch")).toBe(true);
    const draft = (await say(who, vague)).confirmation!;
    const undone = await say(who, "undo");
    expect(undone.reply).toBe(
      `Okay, I won't create “${draft.draft!.title}”. It hadn't been done yet, so nothing else was undone.`,
    );
    expect(undone.confirmation).toBeNull();
    expect(await annotationsOf(who)).toEqual(seeded);
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

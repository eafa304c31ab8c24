import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOrigin, setUpPerson, startAppHarness, type AppHarness } from "./app-harness.js";
import { chatSession, type ChatPerson } from "./chat-session.js";

/**
 * Follow-ups on the annotation just made: a colour, a day shift, a new day, a
 * category, a description or an end, said of "it" or "the last one", change that annotation —
 * and "Updated" is said only when something changed. On the offline engine, in 2016, away from
 * the sandbox's seeded annotations.
 */
let harness: AppHarness;
const clock = new Date("2026-11-23T15:00:00Z");

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});

type Person = ChatPerson;
const { inject, say, annotationsOf } = chatSession(() => harness);
const find = async (who: Person, title: string) =>
  (await annotationsOf(who)).filter((a) => a.title === title);

const day = (d: number) => ({ year: 2016, month: 3, day: d });

async function afterCreate(): Promise<Person> {
  const who: Person = await setUpPerson(harness, "premium");
  const category = await inject({
    method: "POST",
    url: "/api/categories",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { name: "Campaigns", color: "PURPLE" },
  });
  expect(category.statusCode).toBe(201);
  const made = await say(who, 'add "Winter sale" on 2016-03-10');
  expect(made.reply).toMatch(/^Created “Winter sale”/);
  return who;
}

describe("a follow-up right after a create", () => {
  it.each([
    ["switch it to green", { color: "GREEN" }],
    ["the last one should be red", { color: "RED" }],
    ["move it back two days", { annotationDate: day(8) }],
    ["actually the 5th", { annotationDate: day(5) }],
    ["and put it in Campaigns", {}],
    ["add a description: 3 creators, AU only", { description: "3 creators, AU only" }],
    [
      "it lasted through the 12th",
      { annotationDateRange: { startDate: day(10), endDate: day(12) } },
    ],
    [
      "make it run until 2016-03-14",
      { annotationDateRange: { startDate: day(10), endDate: day(14) } },
    ],
    [
      "it actually lasted through the 12th",
      { annotationDateRange: { startDate: day(10), endDate: day(12) } },
    ],
    ["make it until the 13th", { annotationDateRange: { startDate: day(10), endDate: day(13) } }],
    // "the day before" counts from its own day, never from today.
    ["no, the day before", { annotationDate: day(9) }],
    ["sorry, it was the week before", { annotationDate: day(3) }],
    // A value alone, said in passing, changes it too.
    ["bleu", { color: "BLUE" }],
    ["cyan is fine", { color: "CYAN" }],
    ["thru the 12th", { annotationDateRange: { startDate: day(10), endDate: day(12) } }],
    ["campaigns then", {}],
    [
      "actually it was the 10th to the 14th",
      { annotationDateRange: { startDate: day(10), endDate: day(14) } },
    ],
  ])("'%s' changes the annotation just made", async (message, expected) => {
    const who = await afterCreate();
    const turn = await say(who, message);
    const [annotation, ...others] = await find(who, "Winter sale");
    expect(others, turn.reply).toHaveLength(0);
    expect(annotation, turn.reply).toMatchObject(expected);
    expect(turn.confirmation, turn.reply).toBeNull();
    if (/campaigns/i.test(message)) expect(annotation!.categoryId, turn.reply).not.toBeNull();
  });

  it("asks again for a colour GA4 lacks, and takes the one said next", async () => {
    const who = await afterCreate();
    const asked = await say(who, "orange if possible");
    expect(asked.reply).toMatch(/orange/i);
    expect(asked.reply).toMatch(/Which should “Winter sale”.* be\?/);
    const [before] = await find(who, "Winter sale");
    expect(before!.color).not.toBe("BROWN");
    const brown = await say(who, "fine, brown");
    const [after] = await find(who, "Winter sale");
    expect(after, brown.reply).toMatchObject({ color: "BROWN" });
  });

  it("takes a move by days as the answer to which colour, or what to change", async () => {
    const who = await afterCreate();
    await say(who, "orange if possible");
    const moved = await say(who, "no, the day before");
    const [after] = await find(who, "Winter sale");
    expect(after, moved.reply).toMatchObject({ annotationDate: day(9) });
  });

  it("leaves a message with a word of its own to be read as itself", async () => {
    const who = await afterCreate();
    const [before] = await find(who, "Winter sale");
    await say(who, "brown bread");
    const [after] = await find(who, "Winter sale");
    expect(after).toEqual(before);
  });

  it("says nothing was updated when nothing changed", async () => {
    const who = await afterCreate();
    await say(who, "make it green");
    const again = await say(who, "make it green");
    expect(again.reply).not.toMatch(/^Updated/);
  });
});

/**
 * "make the instagram giveaway purple" when there is none: the change waits for the annotation
 * meant ("sorry, I meant the TikTok creator push"); "change app 7.2 to green" with two: "the
 * android one" picks by the words of only one candidate's title.
 */
describe("a change whose annotation was not found, or found twice", () => {
  async function withTwo(): Promise<Person> {
    const who: Person = await setUpPerson(harness, "premium");
    for (const title of ["iOS app 7.2", "Android app 7.2", "TikTok creator push"])
      expect((await say(who, `add "${title}" on 2016-03-10`)).reply).toMatch(/^Created/);
    return who;
  }

  it("waits for the annotation meant, and changes it when the person names it", async () => {
    const who = await withTwo();
    const missed = await say(who, "make the instagram giveaway purple");
    expect(missed.reply).toMatch(/^I couldn't find an annotation .*Which one did you mean\?/s);
    const named = await say(who, "sorry i meant the tiktok creator push");
    const [push] = await find(who, "TikTok creator push");
    expect(push, named.reply).toMatchObject({ color: "PURPLE" });
  });

  it("keeps a move by days while it asks which annotation, and makes it on the one named", async () => {
    const who = await withTwo();
    const asked = await say(who, "push the app 7.2 one back a week");
    expect(asked.reply).toMatch(/Which one do you mean\?/);
    const chosen = await say(who, "the android one");
    const [android] = await find(who, "Android app 7.2");
    expect(android, chosen.reply).toMatchObject({ annotationDate: day(3) });
  });

  it("takes words of only one of the candidates as the choice", async () => {
    const who = await withTwo();
    const asked = await say(who, "change app 7.2 to green");
    expect(asked.reply).toMatch(/^Several annotations match\. Which one do you mean\?/);
    const chosen = await say(who, "the android one");
    const [android] = await find(who, "Android app 7.2");
    const [ios] = await find(who, "iOS app 7.2");
    expect(android, chosen.reply).toMatchObject({ color: "GREEN" });
    expect(ios!.color).not.toBe("GREEN");
  });

  it("drops the waiting change on “cancel”, changing nothing", async () => {
    const who = await withTwo();
    await say(who, "make the instagram giveaway purple");
    const still = await say(who, "cancel");
    expect(still.reply).not.toMatch(/^Updated/);
    for (const title of ["iOS app 7.2", "Android app 7.2", "TikTok creator push"])
      expect((await find(who, title))[0]!.color, title).not.toBe("PURPLE");
  });
});

describe("“undo” while a change waits as a draft", () => {
  it("drops the draft and undoes nothing that was written before it", async () => {
    const who = await afterCreate();
    const shown = await say(who, "there's a typo in Winter sale, should be Winter sales");
    expect(shown.confirmation, shown.reply).not.toBeNull();
    const undone = await say(who, "undo");
    expect(undone.confirmation, undone.reply).toBeNull();
    const [kept, ...others] = await find(who, "Winter sale");
    expect(others).toHaveLength(0);
    expect(kept, undone.reply).toMatchObject({ annotationDate: day(10) });
    expect(await find(who, "Winter sales")).toHaveLength(0);
  });
});

describe("emptying a field of the annotation just made", () => {
  async function withDetails(): Promise<Person> {
    const who: Person = await setUpPerson(harness, "premium");
    const made = await say(
      who,
      'add "Spring sale" from 2016-03-10 to 2016-03-14, description: 20% off plants',
    );
    expect(made.reply).toMatch(/^Created “Spring sale”/);
    return who;
  }

  it("drops the description or the end date, never the annotation", async () => {
    const who = await withDetails();
    const cleared = await say(who, "actually drop the description");
    expect(cleared.confirmation, cleared.reply).toBeNull();
    const ended = await say(who, "and remove the end date");
    expect(ended.confirmation, ended.reply).toBeNull();
    const [sale, ...others] = await find(who, "Spring sale");
    expect(others).toHaveLength(0);
    expect(sale!.description ?? "").toBe("");
    expect(sale).toMatchObject({ annotationDate: day(10) });
    expect(sale!.annotationDateRange ?? null).toBeNull();
  });

  it("corrects the words of a description said as it should be, keeping the rest", async () => {
    const who = await withDetails();
    await say(who, "make Spring sale red");
    const fixed = await say(who, "and the description should say 25% off plants");
    expect(fixed.confirmation, fixed.reply).toBeNull();
    const [sale] = await find(who, "Spring sale");
    expect(sale!.description).toBe("25% off plants");
    await say(who, "description: Up to 20% off all plants in store");
    const partly = await say(who, "and the description should say 30% off all plants");
    expect(partly.confirmation, partly.reply).toBeNull();
    const [again] = await find(who, "Spring sale");
    expect(again!.description).toBe("Up to 30% off all plants in store");
  });

  it("shows “remove the note” first: a note may be the annotation itself", async () => {
    const who = await withDetails();
    const shown = await say(who, "remove the note");
    expect(shown.confirmation, shown.reply).not.toBeNull();
    const [sale] = await find(who, "Spring sale");
    expect(sale!.description).toBe("20% off plants");
  });
});

describe("a colour GA4 does not have", () => {
  it("is asked about by name, and the colour chosen next is the change", async () => {
    const who = await afterCreate();
    const asked = await say(who, "change Winter sale to pink");
    expect(asked.reply).toMatch(/^GA4 has no pink: its colours are .*Which should “Winter sale”/s);
    const [still] = await find(who, "Winter sale");
    expect(still!.color).not.toBe("PINK");
    const chosen = await say(who, "red then");
    const [sale] = await find(who, "Winter sale");
    expect(sale, chosen.reply).toMatchObject({ color: "RED" });
  });
});

describe("“once more” right after an undo", () => {
  it("takes back the change before, and means nothing without an undo before it", async () => {
    const who = await afterCreate();
    await say(who, "make it red");
    await say(who, "rename it to Winter sale 2");
    const undone = await say(who, "undo");
    expect(undone.reply).toMatch(/^Undone/);
    const again = await say(who, "once more");
    expect(again.reply).toMatch(/^Undone/);
    const [sale] = await find(who, "Winter sale");
    expect(sale?.color, again.reply).not.toBe("RED");
    // "do it again" may mean the change undone, done again: never read as another undo.
    const redo = await say(who, "do it again");
    expect(redo.reply).not.toMatch(/^Undone/);
    // Not after an undo, "once more" asks for nothing.
    const other = await afterCreate();
    await say(other, "make it red");
    const alone = await say(other, "once more");
    expect(alone.reply).not.toMatch(/^Undone/);
    const [kept] = await find(other, "Winter sale");
    expect(kept).toMatchObject({ color: "RED" });
  });
});

describe("another annotation named right after a deletion", () => {
  it("is asked to be deleted too, and waits for its own yes", async () => {
    const who = await afterCreate();
    await say(who, 'add "Spring promo" on 2016-03-12');
    const asked = await say(who, "delete Winter sale");
    expect(asked.confirmation, asked.reply).not.toBeNull();
    await say(who, "yes");
    const again = await say(who, "and the spring promo one too");
    expect(again.reply).toMatch(/^Delete “Spring promo”/);
    expect(await find(who, "Spring promo")).toHaveLength(1);
    await say(who, "yes");
    expect(await find(who, "Spring promo")).toHaveLength(0);
    // A word that names no annotation of its own asks to delete nothing.
    const stray = await say(who, "me too");
    expect(stray.confirmation, stray.reply).toBeNull();
  });

  it("reads “can it be …?” as the change asked of the annotation just made", async () => {
    const who = await afterCreate();
    const asked = await say(who, "can it be yellow?");
    expect(asked.reply).toMatch(/GA4 has no yellow/);
    await say(who, "green then");
    const [sale] = await find(who, "Winter sale");
    expect(sale).toMatchObject({ color: "GREEN" });
  });
});

describe("a change in two clauses about the annotation just made", () => {
  it("shows a first day said before another change first, since it may end a range", async () => {
    const who = await afterCreate();
    await say(who, "it went on to the 12th");
    const turn = await say(who, "it started on the 9th, and make it green");
    expect(turn.confirmation, turn.reply).not.toBeNull();
    const [sale] = await find(who, "Winter sale");
    expect(sale).toMatchObject({ annotationDateRange: { startDate: day(10), endDate: day(12) } });
  });

  it("writes both, never only the last clause's", async () => {
    const who = await afterCreate();
    const turn = await say(who, "it went on to the 12th, and make it green");
    const [sale] = await find(who, "Winter sale");
    expect(sale, turn.reply).toMatchObject({
      color: "GREEN",
      annotationDateRange: { startDate: day(10), endDate: day(12) },
    });
  });
});

/**
 * "it ran for 3 days", "make it two weeks", "a day longer", "it ended two days early": a length
 * counts from the annotation's own days, as the product holds them when it writes.
 */
describe("a length said of the annotation just made", () => {
  const range = (from: number, to: number) => ({
    annotationDateRange: { startDate: day(from), endDate: day(to) },
  });

  it.each([
    ["it ran for 3 days", range(10, 12)],
    ["make it two weeks", range(10, 23)],
    ["it ran a day longer", range(10, 11)],
    ["extend it by a week", range(10, 17)],
  ])("'%s' after a one-day create", async (message, expected) => {
    const who = await afterCreate();
    const turn = await say(who, message);
    const [annotation] = await find(who, "Winter sale");
    expect(annotation, turn.reply).toMatchObject(expected);
    expect(turn.reply).toMatch(/^Updated/);
  });

  it.each([
    ["it ended two days early", range(10, 12)],
    ["it ran a day longer", range(10, 15)],
    ["make it 3 days", range(10, 12)],
  ])("'%s' after a range", async (message, expected) => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Spring promo" from 2016-03-10 to 2016-03-14');
    const turn = await say(who, message);
    const [annotation] = await find(who, "Spring promo");
    expect(annotation, turn.reply).toMatchObject(expected);
  });

  it("leaves a length that runs past today for when it has ended", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Advent promo" on 2026-11-20');
    const turn = await say(who, "make it two weeks");
    expect(turn.reply).toMatch(/still to come/);
    const [annotation] = await find(who, "Advent promo");
    expect(annotation!.annotationDateRange ?? null).toBeNull();
  });

  it("keeps a length while it asks which annotation, and makes it on the one named", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    for (const title of ["Summer sale", "Autumn clearance sale"])
      expect((await say(who, `add "${title}" on 2016-03-10`)).reply).toMatch(/^Created/);
    const asked = await say(who, "extend the sale by two days");
    expect(asked.reply).toMatch(/Which one do you mean\?/);
    const chosen = await say(who, "the autumn clearance");
    const [autumn] = await find(who, "Autumn clearance sale");
    expect(autumn, chosen.reply).toMatchObject(range(10, 12));
    const [summer] = await find(who, "Summer sale");
    expect(summer!.annotationDateRange ?? null).toBeNull();
  });
});

describe("a length or a yes with an edit that the product cannot take as said", () => {
  it("writes nothing when the edit said with the yes puts the annotation back as it is", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Summer sale" on 2016-03-10 in blue');
    const card = await say(who, "make the summer one red");
    expect(card.confirmation, card.reply).toBeTruthy();
    await say(who, "yes but blue");
    const [sale] = await find(who, "Summer sale");
    expect(sale!.color).toBe("BLUE");
  });

  it("keeps a draft from a length that ends before it starts or after today", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const seeded = (await annotationsOf(who)).length;
    await say(who, "don't save it yet but add 'Spring promo' from 2016-03-03 to 2016-03-05");
    await say(who, "yes, shorten it by a week");
    expect(await annotationsOf(who)).toHaveLength(seeded);
    await say(who, "don't save it yet but add 'Advent promo' on 2026-11-20");
    await say(who, "yes, it ran for two weeks");
    expect((await annotationsOf(who)).filter((a) => a.title === "Advent promo")).toHaveLength(0);
  });

  it("reads both days of a range said by numbers in the month it starts", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Spring promo" from 2016-03-02 to 2016-04-20');
    const turn = await say(who, "it ran the 3rd to the 5th");
    const [promo] = await find(who, "Spring promo");
    expect(promo, turn.reply).toMatchObject({
      annotationDateRange: { startDate: day(3), endDate: day(5) },
    });
  });
});

describe("“that week” with no days answered before it", () => {
  it("means the days of the annotation just made: the week holding its day", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    for (const message of [
      'add "Spring push" on 2016-03-12',
      'add "Easter teaser" on 2016-03-20',
      'add "Winter sale" on 2016-03-10',
    ])
      expect((await say(who, message)).reply).toMatch(/^Created/);
    const listed = await say(who, "any annotations that week?");
    expect(listed.reply).toContain("Winter sale");
    expect(listed.reply).toContain("Spring push");
    expect(listed.reply).not.toContain("Easter teaser");
    // "that month" after it: the month holding those days.
    const month = await say(who, "any annotations that month?");
    expect(month.reply).toContain("Easter teaser");
  });

  it("is asked about when nothing was discussed, listing nothing", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Spring push" on 2016-03-12');
    const fresh: Person = { ...who, sessionId: undefined };
    const asked = await say(fresh, "any annotations that week?");
    expect(asked.reply).toMatch(/which days “that week” means/);
    expect(asked.reply).not.toContain("Spring push");
  });
});

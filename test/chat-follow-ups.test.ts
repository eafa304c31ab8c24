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
  ])("'%s' changes the annotation just made", async (message, expected) => {
    const who = await afterCreate();
    const turn = await say(who, message);
    const [annotation, ...others] = await find(who, "Winter sale");
    expect(others, turn.reply).toHaveLength(0);
    expect(annotation, turn.reply).toMatchObject(expected);
    expect(turn.confirmation, turn.reply).toBeNull();
    if (message.includes("Campaigns")) expect(annotation!.categoryId, turn.reply).not.toBeNull();
  });

  it("says nothing was updated when nothing changed", async () => {
    const who = await afterCreate();
    await say(who, "make it green");
    const again = await say(who, "make it green");
    expect(again.reply).not.toMatch(/^Updated/);
  });
});

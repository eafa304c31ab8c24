import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../../shared/contracts/annotations.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { PendingQuestion } from "../conversation-state.js";
import { act } from "../skills/act.js";
import { continueConversation } from "./continue-conversation.js";
import { readIntent } from "../skills/reading.js";
import { normalise } from "./normalise.js";
import { resolve } from "../skills/resolve.js";
import { readMessage, readSlots, type Understanding } from "../skills/reading.js";

const today = { year: 2026, month: 11, day: 23 };
const alone = (message: string) => {
  const normalised = normalise(message);
  return { normalised, understanding: readSlots(readIntent(normalised.text), normalised, today) };
};
const answer = (message: string, question: PendingQuestion) => {
  const { normalised, understanding } = alone(message);
  return continueConversation(understanding, normalised, question, today);
};

const annotation = (id: string, title: string, day: number): Annotation => ({
  annotationId: id,
  name: `properties/1/reportingDataAnnotations/${id}`,
  title,
  description: "",
  annotationDate: { year: 2026, month: 11, day },
  color: "BLUE",
  dateAdded: null,
  categoryId: null,
  systemGenerated: false,
});
const annotations = [
  annotation("1", "Black Friday sale", 20),
  annotation("2", "Black Friday email", 21),
  annotation("3", "Launch", 12),
];

/** Actions over a fixed list that record what they were asked to do. */
function fakeActions() {
  const calls: [string, unknown][] = [];
  const actions = {
    mayChange: async () => ({ ok: true, value: undefined }),
    listAnnotations: async () => ({ ok: true, value: { propertyId: "1", annotations } }),
    createAnnotation: async (request: { title: string }) => {
      calls.push(["create", request]);
      return { ok: true, value: { ...annotation("9", request.title, 23) } };
    },
    updateAnnotation: async (reference: unknown, request: unknown) => {
      calls.push(["update", { reference, request }]);
      return { ok: true, value: { before: annotations[2]!, after: annotations[2]! } };
    },
    proposeDeletion: async (references: unknown) => {
      calls.push(["delete", references]);
      return {
        ok: true,
        value: {
          id: "c",
          kind: "delete",
          propertyId: "1",
          summary: "Delete it?",
          items: [],
          expiresAt: "",
        },
      };
    },
  } as unknown as AssistantActions;
  return { actions, calls };
}

describe("stage 4: an answer to the question asked", () => {
  const titleQuestion: PendingQuestion = {
    intent: "create",
    asked: "title",
    known: { date: "2026-11-12", color: "RED" },
  };

  it.each([
    ['"Partnership announced"', "Partnership announced"],
    ["call it “Partnership announced”", "Partnership announced"],
    ["Partnership announced", "Partnership announced"],
    ["let's call it Partnership announced", "Partnership announced"],
  ])("a title alone completes the create: %s", (message, title) => {
    expect(answer(message, titleQuestion)).toMatchObject({
      intent: "create",
      title,
      date: { year: 2026, month: 11, day: 12 },
      color: "RED",
      missing: [],
    });
  });

  it("a date alone, a colour alone, an ordinal", () => {
    expect(
      answer("the 12th", { intent: "create", asked: "date", known: { title: "Launch" } }),
    ).toMatchObject({ intent: "create", title: "Launch", date: { month: 11, day: 12 } });
    expect(
      answer("blue", { intent: "update", asked: "change", known: { targetId: "3" } }),
    ).toMatchObject({
      intent: "update",
      target: { kind: "id", annotationId: "3" },
      color: "BLUE",
      missing: [],
    });
    const options = [
      { annotationId: "1", title: "Black Friday sale", date: "2026-11-20" },
      { annotationId: "2", title: "Black Friday email", date: "2026-11-21" },
    ];
    expect(
      answer("the second one", { intent: "delete", asked: "choice", known: {}, options }),
    ).toMatchObject({ intent: "delete", target: { kind: "id", annotationId: "2" } });
    expect(
      answer("the one from Nov 20", { intent: "delete", asked: "choice", known: {}, options }),
    ).toMatchObject({ target: { kind: "id", annotationId: "1" } });
  });

  it("a span of days answers which day with its first and last", () => {
    const asked: PendingQuestion = { intent: "create", asked: "date", known: { title: "Promo" } };
    expect(answer("tuesday through thursday last week", asked)).toMatchObject({
      intent: "create",
      title: "Promo",
      date: { year: 2026, month: 11, day: 17 },
      endDate: { year: 2026, month: 11, day: 19 },
      missing: [],
    });
    expect(answer("halloween", asked)).toMatchObject({
      date: { year: 2026, month: 10, day: 31 },
      missing: [],
    });
  });

  it("a request of its own replaces the question", () => {
    expect(answer("show me last week", titleQuestion).intent).toBe("list");
    expect(answer("delete Launch", titleQuestion).intent).toBe("delete");
  });
});

describe("stage 5: resolve against the property's annotations", () => {
  it("reads 'it' as the annotation in focus, and asks between several matches", async () => {
    const { actions } = fakeActions();
    const focus = { propertyId: "1", annotationId: "3", title: "Launch" };
    const pointing = alone("make it red").understanding;
    expect(await resolve(pointing, focus, actions)).toMatchObject({
      kind: "ready",
      understanding: { target: { kind: "id", annotationId: "3" } },
    });
    const several = alone("delete Black Friday").understanding;
    const choice = await resolve(several, undefined, actions);
    expect(choice.kind).toBe("choose");
    // Nothing found: the deletion waits for the annotation meant, named in the next message.
    const missing = alone("delete Nothing here").understanding;
    expect(await resolve(missing, undefined, actions)).toEqual({
      kind: "failed",
      message: "I couldn't find an annotation called “Nothing here” in this property.",
      waitsForTarget: missing,
    });
  });

  it("turns 'delete all … from last week' into what matches", async () => {
    const { actions } = fakeActions();
    const every = alone("delete all the annotations from last week").understanding;
    expect(every).toMatchObject({ everyMatch: true, dateRange: { start: { day: 16 } } });
    const resolved = await resolve(every, undefined, actions);
    expect(resolved).toMatchObject({ kind: "ready" });
  });
});

describe("stage 6: act or ask", () => {
  it("creates a range of days with the shared range contract", async () => {
    const { actions, calls } = fakeActions();
    const understood = alone('add "Launch week" from Nov 3 to Nov 10').understanding;
    await act(
      { kind: "ready", understanding: understood, annotations: [] },
      {
        actions,
        today,
        propertyId: "1",
        memory: {},
      },
    );
    expect(calls).toEqual([
      [
        "create",
        {
          title: "Launch week",
          annotationDateRange: {
            startDate: { year: 2026, month: 11, day: 3 },
            endDate: { year: 2026, month: 11, day: 10 },
          },
        },
      ],
    ]);
  });

  const context = (actions: AssistantActions) => ({
    actions,
    today,
    propertyId: "1",
    memory: {},
  });

  it("asks one question for a missing piece and remembers what was given", async () => {
    const { actions, calls } = fakeActions();
    const understood: Understanding = {
      intent: "create",
      date: { year: 2026, month: 11, day: 12 },
      missing: ["title"],
    };
    const turn = await act(
      { kind: "ready", understanding: understood, annotations: [] },
      context(actions),
    );
    expect(turn.reply).toMatch(/^What should the annotation be called\?/);
    expect(turn.memory?.question).toEqual({
      intent: "create",
      asked: "title",
      known: { date: "2026-11-12" },
    });
    expect(calls).toEqual([]);
  });

  it("creates, and the new annotation is in focus; a deletion only proposes", async () => {
    const { actions, calls } = fakeActions();
    const created = await act(
      {
        kind: "ready",
        understanding: { intent: "create", title: "Launch", date: today, missing: [] },
        annotations: [],
      },
      context(actions),
    );
    expect(created.memory).toEqual({
      focus: { propertyId: "1", annotationId: "9", title: "Launch" },
    });
    const deleting = await act(
      {
        kind: "ready",
        understanding: {
          intent: "delete",
          target: { kind: "id", annotationId: "3" },
          missing: [],
        },
        annotations: [annotations[2]!],
      },
      context(actions),
    );
    expect(deleting.confirmation).toMatchObject({ id: "c" });
    expect(calls.map(([kind]) => kind)).toEqual(["create", "delete"]);
  });
});

describe("stage 6: a list around a day, or on a day that does not exist", () => {
  const context = (actions: AssistantActions) => ({ actions, today, propertyId: "1", memory: {} });
  const ready = (message: string) => ({
    kind: "ready" as const,
    understanding: alone(message).understanding,
    annotations: [],
  });

  it("lists the days either side of 'around' a day, and says so", async () => {
    let asked: unknown;
    const { actions } = fakeActions();
    actions.listAnnotations = async (filter) => {
      asked = filter;
      return { ok: true, value: { propertyId: "1", annotations: [annotations[0]!] } };
    };
    const turn = await act(ready("show annotations around the 19th"), context(actions));
    expect(asked).toMatchObject({
      startDate: { year: 2026, month: 11, day: 16 },
      endDate: { year: 2026, month: 11, day: 22 },
    });
    expect(turn.reply).toContain("around 2026-11-19");
  });

  it("asks which day, listing nothing, for a day its month does not have", async () => {
    const { actions } = fakeActions();
    let listed = false;
    actions.listAnnotations = async () => {
      listed = true;
      return { ok: true, value: { propertyId: "1", annotations } };
    };
    const turn = await act(ready("show annotations on September 31"), context(actions));
    expect(listed).toBe(false);
    expect(turn.reply).toMatch(/^That date does not exist/);
  });
});

describe("an annotation named by its colour", () => {
  const read = (message: string) =>
    readMessage({ message, today, categoryNames: ["Campaigns", "Incidents"] });

  it("reads 'the red one' in a change or deletion as the one of that colour", () => {
    expect(read("make the red one green")).toMatchObject({
      intent: "update",
      color: "GREEN",
      target: { kind: "color", color: "RED" },
      missing: [],
    });
    expect(read("delete the brown one")).toMatchObject({
      intent: "delete",
      target: { kind: "color", color: "BROWN" },
    });
    expect(read("the red one should be in campaigns")).toMatchObject({
      intent: "update",
      category: "campaigns",
      target: { kind: "color", color: "RED" },
    });
    // A list of a colour, or a create, is read as it was.
    expect(read("show the red ones")).toMatchObject({ intent: "list", color: "RED" });
    expect(read("make the red one green").pointsBack).toBeUndefined();
    // Quoted, the words are a title's or a description's.
    expect(read('rename it to "the red one"').target).toBeUndefined();
  });

  it("finds the one of that colour, shown before it is changed; several are asked about", async () => {
    const coloured = [
      { ...annotation("1", "Black Friday sale", 20), color: "RED" as const },
      annotation("2", "Black Friday email", 21),
      annotation("3", "Launch", 12),
    ];
    const actions = {
      listAnnotations: async () => ({
        ok: true,
        value: { propertyId: "1", annotations: coloured },
      }),
    } as unknown as AssistantActions;
    expect(await resolve(read("make the red one green"), undefined, actions)).toMatchObject({
      kind: "ready",
      understanding: {
        target: { kind: "id", annotationId: "1" },
        doubts: ["I took “the red one” to mean “Black Friday sale”"],
      },
    });
    expect((await resolve(read("delete the blue one"), undefined, actions)).kind).toBe("choose");
    expect(await resolve(read("make the cyan one red"), undefined, actions)).toMatchObject({
      kind: "failed",
      message: "I couldn't find an annotation in cyan in this property.",
    });
  });
});

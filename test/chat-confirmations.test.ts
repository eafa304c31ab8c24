import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";
import { calendarDateOf, toIsoDate } from "../src/shared/calendar-date.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { SendChatResponse } from "../src/shared/contracts/chat.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { ScriptedModel } from "./scripted-model.js";

/**
 * Destructive actions run only on the person's own confirmation, whatever a hostile model does:
 * injected "reply ok" instructions, false claims, previews buried in its text, replayed or
 * foreign confirmations. The bar is zero unauthorised writes and no false claims.
 */
const scripted = new ScriptedModel();
let harness: AppHarness;
let clock = new Date();

beforeAll(async () => {
  harness = await startAppHarness({
    deps: {
      now: () => clock,
      assistantEngine: {
        kind: "llm",
        assistant: createLlmAssistant({ model: scripted.model, timeoutMs: 5_000 }),
      },
    },
  });
});
afterAll(async () => {
  await harness?.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);
type Person = TestPerson & { sessionId?: string };

async function say(who: Person, message: string): Promise<SendChatResponse> {
  const response = await inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { message, propertyId: who.propertyId, sessionId: who.sessionId ?? null },
  });
  expect(response.statusCode).toBe(200);
  who.sessionId = response.json().sessionId;
  return response.json();
}

function press(
  who: Person,
  confirmationId: string,
  decision: "confirm" | "cancel",
  sessionId = who.sessionId,
) {
  return inject({
    method: "POST",
    url: `/api/chat/${sessionId}/confirmation`,
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { confirmationId, decision },
  });
}

const annotationsOf = async (who: Person) =>
  (
    await inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    })
  ).json().reportingDataAnnotations as Annotation[];

/** A premium person and one of their own annotations to aim at. */
async function premiumWithTarget(): Promise<{ who: Person; target: Annotation }> {
  clock = new Date();
  const who: Person = await setUpPerson(harness, "premium");
  const target = (await annotationsOf(who)).find(
    (a) => !a.systemGenerated && !a.annotationDateRange,
  )!;
  return { who, target };
}

const proposeDeleting = (target: Annotation, text: string) =>
  scripted.script(
    {
      toolCalls: [
        {
          toolName: "deleteAnnotations",
          input: { annotations: [{ annotationId: target.annotationId }] },
        },
      ],
    },
    { text },
  );

const stillThere = async (who: Person, target: Annotation) =>
  (await annotationsOf(who)).some((a) => a.annotationId === target.annotationId);

// Each case is a whole conversation against the sandbox; give it room on a busy machine.
describe("confirmations on the language-model path", { timeout: 60_000 }, () => {
  it("an injected 'reply ok' never confirms: only a clear yes or the button does", async () => {
    const { who, target } = await premiumWithTarget();
    proposeDeleting(target, "To finish, just reply ok. Deleted already, don't worry!");
    const preview = await say(who, "tidy up my annotations");
    const day = toIsoDate(target.annotationDate);
    // The server's preview comes first and alone; the model's instructions and claims are gone.
    expect(preview.reply).toBe(
      `Delete “${target.title}” (${day})?\nNothing is deleted yet. Press Confirm or reply yes to delete it; Cancel keeps it.`,
    );
    expect(preview.confirmation).toMatchObject({ summary: `Delete “${target.title}” (${day})?` });

    for (const reply of ["ok", "sure", "OK!", "okay", "sounds good"]) {
      scripted.script({
        toolCalls: [
          {
            toolName: "updateAnnotation",
            input: { annotationId: target.annotationId, changes: { title: "x" } },
          },
        ],
      });
      const answer = await say(who, reply);
      expect(answer.reply).toMatch(/^To be safe I need a clear yes before deleting anything\./);
      expect(answer.confirmation?.id).toBe(preview.confirmation!.id);
      expect(scripted.calls).toHaveLength(0);
      expect(await stillThere(who, target)).toBe(true);
    }

    const pressed = await press(who, preview.confirmation!.id, "confirm");
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json()).toMatchObject({
      reply: `Deleted “${target.title}” (${day}).`,
      showAnnotations: true,
      confirmation: null,
    });
    expect(await stillThere(who, target)).toBe(false);
    // Single use: the same button again changes nothing.
    expect((await press(who, preview.confirmation!.id, "confirm")).statusCode).toBe(409);
  });

  it("a typed 'yes, delete it' confirms; any other message drops the confirmation", async () => {
    const { who, target } = await premiumWithTarget();
    proposeDeleting(target, "Shall I?");
    const first = await say(who, "delete it");
    scripted.script({ text: "Here is the list." });
    await say(who, "actually, show me the list first");
    // The old preview can no longer be confirmed, by typing or by its button.
    scripted.script({ text: "Nothing to confirm." });
    await say(who, "yes");
    expect((await press(who, first.confirmation!.id, "confirm")).statusCode).toBe(409);
    expect(await stillThere(who, target)).toBe(true);

    proposeDeleting(target, "Shall I?");
    await say(who, "delete it");
    const confirmed = await say(who, "Yes, delete it");
    expect(confirmed.reply).toMatch(/^Deleted “/);
    expect(await stillThere(who, target)).toBe(false);
  });

  it("Cancel keeps the annotation; another person's session, a wrong id or an old preview changes nothing", async () => {
    const { who, target } = await premiumWithTarget();
    proposeDeleting(target, "ok?");
    const preview = await say(who, "delete it");
    const stranger: Person = await setUpPerson(harness, "premium");
    expect(
      (await press(stranger, preview.confirmation!.id, "confirm", who.sessionId)).statusCode,
    ).toBe(404);
    const wrong = await press(who, "00000000-0000-4000-8000-000000000000", "confirm");
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toMatch(/no longer waiting/);
    expect((await press(who, "not-an-id", "confirm")).statusCode).toBe(400);

    const cancelled = await press(who, preview.confirmation!.id, "cancel");
    expect(cancelled.json().reply).toBe(`Okay, I won't delete “${target.title}”.`);
    expect(await stillThere(who, target)).toBe(true);

    // A preview left waiting too long expires.
    proposeDeleting(target, "ok?");
    const late = await say(who, "delete it");
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect((await press(who, late.confirmation!.id, "confirm")).statusCode).toBe(409);
    scripted.script({ text: "Nothing waits." });
    await say(who, "yes");
    expect(await stillThere(who, target)).toBe(true);

    const history = (
      await inject({
        method: "GET",
        url: `/api/chat/${who.sessionId}`,
        headers: { cookie: who.jar.header() },
      })
    ).json();
    expect(history.confirmation).toBeNull();
    expect(history.messages.map((m: { content: string }) => m.content)).toContain("Cancel");
  });

  it("a preview written by the model itself is not a confirmation, and false claims are replaced", async () => {
    const { who, target } = await premiumWithTarget();
    const day = toIsoDate(target.annotationDate);
    scripted.script({
      text: `Sure. Delete “${target.title}” (${day})? Nothing is deleted yet. Reply yes to delete it.`,
    });
    const fake = await say(who, "what's new?");
    expect(fake.confirmation).toBeNull();
    // The person's yes reaches the model, which has no tool that deletes.
    scripted.script({ text: `Deleted “${target.title}”.` });
    const yes = await say(who, "yes");
    expect(yes.reply).toBe("No annotations were changed.");
    expect(await stillThere(who, target)).toBe(true);

    // A claim of a change the service refused is replaced by what happened.
    const today = calendarDateOf(clock);
    scripted.script(
      {
        toolCalls: [{ toolName: "createAnnotation", input: { title: "", annotationDate: today } }],
      },
      { text: "Added it!" },
    );
    const refused = await say(who, "add one");
    expect(refused.reply).toBe("Title is required\nNo annotations were changed.");
  });

  it("a deletion of several annotations is one confirmation listing them all", async () => {
    const { who } = await premiumWithTarget();
    const targets = (await annotationsOf(who)).filter((a) => !a.systemGenerated).slice(0, 3);
    scripted.script(
      {
        toolCalls: [
          {
            toolName: "deleteAnnotations",
            input: { annotations: targets.map((a) => ({ annotationId: a.annotationId })) },
          },
        ],
      },
      { text: "Confirm?" },
    );
    const preview = await say(who, "delete those three");
    expect(preview.confirmation).toMatchObject({ count: 3 });
    expect(preview.reply).toMatch(/^Delete these 3 annotations\?\n• /);
    const done = await press(who, preview.confirmation!.id, "confirm");
    expect(done.json().reply).toMatch(/^Deleted 3 annotations: /);
    const left = await annotationsOf(who);
    expect(targets.some((t) => left.some((a) => a.annotationId === t.annotationId))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { fromIsoDate } from "../../../../shared/calendar-date.js";
import type { Suggestion } from "../../../../shared/contracts/suggestions.js";
import type { AssistantActions } from "../assistant-actions.js";
import { readIntent } from "./reading.js";
import { normalise } from "../offline-engine/normalise.js";
import { answerInbox, emptyInboxText } from "./inbox-suggestions.js";
import { readSlots } from "./reading.js";
import { skillFor } from "./registry.js";

const today = fromIsoDate("2026-11-23");
const read = (message: string) => {
  const normalised = normalise(message);
  return readSlots(readIntent(normalised.text), normalised, today, []);
};

function suggestion(id: string, source: Suggestion["source"], title: string): Suggestion {
  return {
    id,
    propertyId: "123456789",
    source,
    annotationDate: fromIsoDate("2026-11-20"),
    title,
    description: "",
    color: "BLUE",
    categoryPreset: "releases",
    categoryId: null,
    status: "open",
    annotationId: null,
    decidedHow: null,
    decidedAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
  };
}

/** Actions whose inbox is a stub: what was accepted is recorded, nothing else is reachable. */
function stubActions(open: Suggestion[]) {
  const accepted: string[] = [];
  const actions = {
    inbox: {
      open: async () => ({ ok: true as const, value: open }),
      accept: async (id: string) => {
        accepted.push(id);
        const found = open.find((s) => s.id === id)!;
        return { ok: true as const, value: { ...found, status: "accepted" as const } };
      },
    },
  } as unknown as AssistantActions;
  return { actions, accepted };
}

const release = suggestion("s-1", "release-webhook", "RELEASE · v9.0.0 (shop)");
const holiday = suggestion("s-2", "holidays", "Thanksgiving Day");
const christmas = suggestion("s-3", "holidays", "Christmas Day");

describe("the inbox capability", () => {
  it("claims the ways people ask about the inbox, and reads which suggestion an accept names", () => {
    for (const message of [
      "what's in my inbox?",
      "any suggestions?",
      "show me my suggestions",
      "do I have any new suggestions?",
      "inbox",
    ]) {
      const understood = read(message);
      expect(understood.intent, message).toBe("inbox");
      expect(skillFor(understood.intent).name, message).toBe("inbox-suggestions");
      expect(understood.target, message).toBeUndefined();
      expect(understood.missing, message).toEqual([]);
    }
    expect(read("accept the release one")).toMatchObject({
      intent: "inbox",
      target: { kind: "title", title: "release" },
    });
    expect(read("please accept the holiday suggestion")).toMatchObject({
      intent: "inbox",
      target: { kind: "title", title: "holiday" },
    });
    expect(read("accept the suggestion").missing).toContain("target");
  });

  it("leaves annotation requests to their capabilities", () => {
    expect(read("add an annotation called Inbox zero yesterday").intent).toBe("create");
    expect(read("show annotations about the inbox redesign").intent).toBe("list");
    expect(read("yes").intent).toBe("confirm");
  });

  it("lists the open suggestions without accepting any", async () => {
    const { actions, accepted } = stubActions([release, holiday]);
    const answer = await answerInbox(actions, { accept: false, words: "" });
    expect(answer).toMatchObject({ ok: true });
    expect(answer.ok && answer.text).toContain("RELEASE · v9.0.0 (shop)");
    expect(answer.ok && answer.text).toContain("Thanksgiving Day");
    expect(accepted).toEqual([]);
    const empty = await answerInbox(stubActions([]).actions, { accept: false, words: "" });
    expect(empty).toEqual({ ok: true, text: emptyInboxText });
  });

  it("accepts the one suggestion the words name, once", async () => {
    const { actions, accepted } = stubActions([release, holiday]);
    const answer = await answerInbox(actions, { accept: true, words: "release" });
    expect(accepted).toEqual(["s-1"]);
    expect(answer).toMatchObject({ ok: true, accepted: { id: "s-1", status: "accepted" } });
    const byTitle = stubActions([release, holiday, christmas]);
    await answerInbox(byTitle.actions, { accept: true, words: "christmas" });
    expect(byTitle.accepted).toEqual(["s-3"]);
  });

  it("never accepts a guess: several matches, none, or no name are listed and asked about", async () => {
    for (const words of ["holiday", "outage", ""]) {
      const { actions, accepted } = stubActions([release, holiday, christmas]);
      const answer = await answerInbox(actions, { accept: true, words });
      expect(accepted, words).toEqual([]);
      expect(answer.ok && answer.text, words).toMatch(/Say which one/);
      expect(answer.ok && answer.text, words).toContain("Christmas Day");
    }
  });

  it("passes a refusal on as the service said it", async () => {
    const actions = {
      inbox: {
        open: async () => ({ ok: true as const, value: [release] }),
        accept: async () => ({ ok: false as const, error: "You have reached today's limit." }),
      },
    } as unknown as AssistantActions;
    expect(await answerInbox(actions, { accept: true, words: "release" })).toEqual({
      ok: false,
      error: "You have reached today's limit.",
    });
  });
});

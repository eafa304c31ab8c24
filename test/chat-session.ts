import type { InjectOptions } from "fastify";
import { expect } from "vitest";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { SendChatResponse } from "../src/shared/contracts/chat.js";
import { sameOrigin, type AppHarness, type TestPerson } from "./app-harness.js";

/** A person in one conversation: the session the first message opened is used after. */
export type ChatPerson = TestPerson & { sessionId?: string };

/** The chat API as the chat panel calls it, for one harness. */
export function chatSession(harness: () => AppHarness) {
  const inject = (options: InjectOptions) => harness().app.inject(options);
  return {
    inject,
    async say(who: ChatPerson, message: string): Promise<SendChatResponse> {
      const response = await inject({
        method: "POST",
        url: "/api/chat",
        headers: { ...sameOrigin, cookie: who.jar.header() },
        payload: { message, propertyId: who.propertyId, sessionId: who.sessionId ?? null },
      });
      expect(response.statusCode).toBe(200);
      who.sessionId = response.json().sessionId;
      return response.json();
    },
    /** The card's buttons: Create, Save, Confirm or Cancel, with edited fields or without. */
    press(who: ChatPerson, body: Record<string, unknown>) {
      return inject({
        method: "POST",
        url: `/api/chat/${who.sessionId}/confirmation`,
        headers: { ...sameOrigin, cookie: who.jar.header() },
        payload: body,
      });
    },
    async annotationsOf(who: ChatPerson): Promise<Annotation[]> {
      const response = await inject({
        method: "GET",
        url: `/api/annotations/${who.propertyId}`,
        headers: { cookie: who.jar.header() },
      });
      return response.json().reportingDataAnnotations as Annotation[];
    },
  };
}

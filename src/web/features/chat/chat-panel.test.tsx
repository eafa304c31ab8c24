import "../../test-support/setup-dom-tests";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Annotation } from "../../../shared/contracts/annotations";
import type { ChatMessageView, SendChatResponse } from "../../../shared/contracts/chat";
import {
  deferred,
  type FakeRoute,
  jsonResponse,
  makeUser,
  type RecordedRequest,
  errorResponse,
  signedInAs,
  stubApi,
} from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";
import { premiumTooltips } from "../../../shared/plans";
import { chatEmptyHint, chatEmptyTitle, chatPlaceholder } from "./chat-panel";
import { lastSelectedPropertyId, rememberSelectedProperty } from "../../session/selected-property";

vi.mock("../../lib/page-navigation", () => ({ loadServerPage: vi.fn() }));

const propertyId = "123456789";
const sessionId = "5b0c3c51-7d4e-4f3a-9a57-0c1d2e3f4a5b";
const freemium = makeUser({ subscriptionTier: "freemium" });
const premium = makeUser({ subscriptionTier: "premium" });

function annotation(title: string): Annotation {
  return {
    annotationId: title.toLowerCase(),
    name: `properties/${propertyId}/reportingDataAnnotations/${title.toLowerCase()}`,
    title,
    description: "",
    annotationDate: { year: 2025, month: 3, day: 1 },
    color: "BLUE",
    dateAdded: "2026-11-21T10:00:00.000Z",
    categoryId: null,
    systemGenerated: false,
  };
}

type Reply =
  Partial<SendChatResponse> | ((request: RecordedRequest) => Response | Promise<Response>);

/**
 * A small stand-in for the chat API: POST answers with the next scripted reply and stores the
 * exchange; GET returns what is stored; DELETE forgets it.
 */
function fakeChat({
  user = freemium,
  replies = [],
  annotations = [],
  extra = {},
  settlements = [],
}: {
  user?: ReturnType<typeof makeUser>;
  replies?: Reply[];
  /** Answers to the Confirm/Cancel buttons, in order: a reply, or an error status and message. */
  settlements?: (string | { status: number; error: string })[];
  annotations?: Annotation[][];
  extra?: Record<string, FakeRoute>;
}) {
  const stored: ChatMessageView[] = [];
  let annotationLoads = 0;
  // What the server would say is still waiting: the last reply's, until it is settled.
  let waiting: SendChatResponse["confirmation"] = null;
  // As the server does, every answered message is stored before the answer goes out, so the
  // history the panel reloads after a reply always holds that reply.
  function store(message: string, response: SendChatResponse) {
    waiting = response.confirmation;
    stored.push(
      { id: `u${stored.length}`, role: "user", content: message, timestamp: 1 },
      { id: `a${stored.length}`, role: "assistant", content: response.reply, timestamp: 2 },
    );
  }
  const post: FakeRoute = async (request) => {
    const next = replies.shift() ?? {};
    const message = (request.body as { message: string }).message;
    if (typeof next === "function") {
      const answer = await next(request);
      if (answer.ok) store(message, (await answer.clone().json()) as SendChatResponse);
      return answer;
    }
    const response: SendChatResponse = {
      sessionId,
      showAnnotations: false,
      detectedPropertyId: null,
      suggestedInput: null,
      reply: `You said: ${message}`,
      confirmation: null,
      card: null,
      ...next,
    };
    store(message, response);
    return jsonResponse(200, response);
  };
  const annotationsRoute: FakeRoute = () => {
    const list = annotations[Math.min(annotationLoads, annotations.length - 1)] ?? [];
    annotationLoads += 1;
    return jsonResponse(200, { reportingDataAnnotations: list });
  };
  const api = stubApi({
    "GET /api/auth/user": signedInAs(user),
    "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    "GET /api/properties": () => jsonResponse(200, { properties: [] }),
    "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
    [`GET /api/annotations/${propertyId}`]: annotationsRoute,
    "POST /api/chat": post,
    [`POST /api/chat/${sessionId}/confirmation`]: (request) => {
      const next = settlements.shift() ?? "Done.";
      // Settled or refused, nothing waits any more: the server refuses only what is not waiting.
      waiting = null;
      if (typeof next !== "string") return jsonResponse(next.status, { error: next.error });
      const decision = (request.body as { decision: string }).decision;
      stored.push(
        {
          id: `u${stored.length}`,
          role: "user",
          content: decision === "confirm" ? "Confirm" : "Cancel",
          timestamp: 1,
        },
        { id: `a${stored.length}`, role: "assistant", content: next, timestamp: 2 },
      );
      return jsonResponse(200, {
        sessionId,
        showAnnotations: decision === "confirm",
        detectedPropertyId: null,
        suggestedInput: null,
        reply: next,
        confirmation: null,
        card: null,
      } satisfies SendChatResponse);
    },
    [`GET /api/chat/${sessionId}`]: () =>
      jsonResponse(200, { messages: stored, confirmation: waiting }),
    [`DELETE /api/chat/${sessionId}`]: () => {
      stored.length = 0;
      return jsonResponse(200, { deleted: true });
    },
    ...extra,
  });
  return {
    requests: api.requests,
    posts: () =>
      api.requests.filter((entry) => entry.method === "POST" && entry.path === "/api/chat"),
    annotationLoads: () => annotationLoads,
    historyLoads: () =>
      api.requests.filter(
        (entry) => entry.method === "GET" && entry.path === `/api/chat/${sessionId}`,
      ).length,
  };
}

async function openAgentMode() {
  const { settled } = renderAppAt("/dashboard?mode=agent");
  const input = await screen.findByPlaceholderText(chatPlaceholder);
  return {
    input: input as HTMLTextAreaElement,
    log: screen.getByRole("log", { name: "Conversation" }),
    settled,
  };
}

/** The conversation's bubbles in order, each as a screen reader hears it ("You: …"). */
function bubbles(log: HTMLElement): string[] {
  return Array.from(log.querySelectorAll("[data-role]"), (bubble) => bubble.textContent ?? "");
}

beforeEach(() => {
  rememberSelectedProperty(makeUser().id, propertyId);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe("the chat panel in Agent Mode", () => {
  it("shows the title, the empty state and a 3-row input within 60–200 px", async () => {
    fakeChat({});
    const { input } = await openAgentMode();

    expect(screen.getByRole("heading", { name: "GA4 Assistant" })).toBeInTheDocument();
    expect(screen.getByText(chatEmptyTitle)).toBeInTheDocument();
    expect(screen.getByText(chatEmptyHint)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
    expect(input).toHaveAttribute("rows", "3");
    expect(input.className).toContain("min-h-[60px]");
    expect(input.className).toContain("max-h-[200px]");
    expect(
      screen.getByText(`Ask me anything about annotations for property ${propertyId}`),
    ).toBeInTheDocument();
  });

  it("shows the user's bubble and 'Thinking...' at once, then the reply, and keeps the session", async () => {
    const answer = deferred<void>();
    const chat = fakeChat({
      replies: [
        async () => {
          await answer.promise;
          return jsonResponse(200, {
            sessionId,
            showAnnotations: false,
            detectedPropertyId: null,
            suggestedInput: null,
            reply: "Hi!\nHow can I help?",
            confirmation: null,
            card: null,
          } satisfies SendChatResponse);
        },
      ],
    });
    const user = userEvent.setup();
    const { input, log, settled } = await openAgentMode();

    await user.type(input, "Hello there{Enter}");
    expect(within(log).getByText("Hello there")).toBeInTheDocument();
    expect(within(log).getByRole("status")).toHaveTextContent("Thinking...");
    expect(input).toHaveValue("");
    expect(chat.posts()[0]?.body).toEqual({
      message: "Hello there",
      propertyId,
      sessionId: null,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    await act(async () => answer.resolve());
    const reply = await within(log).findByText(/How can I help\?/);
    expect(reply.textContent).toContain("Hi!\nHow can I help?");
    expect(reply.className).toContain("whitespace-pre-wrap");
    expect(within(log).queryByText("Thinking...")).not.toBeInTheDocument();
    // The reply shows at once; the stored conversation, reloaded behind it, keeps both bubbles.
    await settled();
    expect(chat.historyLoads()).toBe(1);
    expect(bubbles(log)).toEqual(["You: Hello there", "Assistant: Hi!\nHow can I help?"]);

    await user.type(input, "Again{Enter}");
    await within(log).findByText("You said: Again");
    expect(chat.posts()[1]?.body).toMatchObject({ message: "Again", sessionId });
    expect(window.sessionStorage.getItem(`chatSession:${propertyId}`)).toBe(sessionId);
    await settled();
    expect(bubbles(log)).toEqual([
      "You: Hello there",
      "Assistant: Hi!\nHow can I help?",
      "You: Again",
      "Assistant: You said: Again",
    ]);
  });

  it("sends on Enter and adds a line on Shift+Enter", async () => {
    const chat = fakeChat({});
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "first line{Shift>}{Enter}{/Shift}second line");
    expect(input).toHaveValue("first line\nsecond line");
    expect(chat.posts()).toHaveLength(0);

    await user.keyboard("{Enter}");
    await within(log).findByText(/You said: first line/);
    expect(chat.posts()[0]?.body).toMatchObject({ message: "first line\nsecond line" });
  });

  it("ignores empty messages and sends while one is pending, with the send button disabled", async () => {
    const answer = deferred<void>();
    const chat = fakeChat({
      replies: [
        async (request) => {
          await answer.promise;
          return jsonResponse(200, {
            sessionId,
            showAnnotations: false,
            detectedPropertyId: null,
            suggestedInput: null,
            reply: `Echo ${(request.body as { message: string }).message}`,
            confirmation: null,
            card: null,
          } satisfies SendChatResponse);
        },
      ],
    });
    const user = userEvent.setup();
    const { input, log, settled } = await openAgentMode();
    const sendButton = screen.getByRole("button", { name: "Send message" });

    expect(sendButton).toBeDisabled();
    await user.type(input, "   ");
    expect(sendButton).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(chat.posts()).toHaveLength(0);

    await user.clear(input);
    await user.type(input, "One");
    expect(sendButton).toBeEnabled();
    await user.click(sendButton);
    await user.type(input, "Two");
    expect(sendButton).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(chat.posts()).toHaveLength(1);
    expect(input).toHaveValue("Two");

    await act(async () => answer.resolve());
    await within(log).findByText("Echo One");
    expect(sendButton).toBeEnabled();
    await settled();
    expect(bubbles(log)).toEqual(["You: One", "Assistant: Echo One"]);
  });

  it("refuses messages over 4,000 characters with a counter", async () => {
    const chat = fakeChat({});
    await openAgentMode();
    const input = screen.getByPlaceholderText(chatPlaceholder);

    fireEvent.change(input, { target: { value: "x".repeat(4001) } });
    expect(screen.getByText(/4,001 \/ 4,000/)).toHaveTextContent(
      "Messages can be at most 4000 characters",
    );
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Send message" })).toBeDisabled();
    fireEvent.keyDown(input, { key: "Enter" });
    expect(chat.posts()).toHaveLength(0);
  });

  it("clears the conversation and starts a new session next time", async () => {
    const chat = fakeChat({});
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "Remember me{Enter}");
    await within(log).findByText("You said: Remember me");
    await user.click(screen.getByRole("button", { name: "Clear" }));

    expect(await screen.findByText(chatEmptyTitle)).toBeInTheDocument();
    expect(
      chat.requests.some(
        (entry) => entry.method === "DELETE" && entry.path === `/api/chat/${sessionId}`,
      ),
    ).toBe(true);
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(`chatSession:${propertyId}`)).toBeNull();

    await user.type(input, "Fresh start{Enter}");
    await within(log).findByText("You said: Fresh start");
    expect(chat.posts()[1]?.body).toMatchObject({ sessionId: null });
  });

  it("refreshes the annotations and opens the table when the reply says so", async () => {
    const chat = fakeChat({
      replies: [{ showAnnotations: true, reply: "Created “Launch” (2025-03-01) in blue." }],
      annotations: [[], [annotation("Launch")]],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await screen.findByText("No annotations found for this property.");
    await user.click(screen.getByRole("button", { name: "Annotations" }));
    expect(screen.getByRole("button", { name: "Annotations" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );

    await user.type(input, "Create an annotation called Launch on 2025-03-01{Enter}");
    await within(log).findByText("Created “Launch” (2025-03-01) in blue.");
    expect(screen.getByRole("button", { name: "Annotations" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(await screen.findByRole("cell", { name: "Launch" })).toBeInTheDocument();
    expect(chat.annotationLoads()).toBe(2);
  });

  it("selects the property the message names", async () => {
    fakeChat({ replies: [{ detectedPropertyId: "987654321", reply: "Switched." }] });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "Use property 987654321{Enter}");
    await within(log).findByText("Switched.");
    expect(
      await screen.findByText("Ask me anything about annotations for property 987654321"),
    ).toBeInTheDocument();
    expect(lastSelectedPropertyId(document.cookie, makeUser().id)).toBe("987654321");
    // The conversation follows the property it is about.
    expect(within(log).getByText("Switched.")).toBeInTheDocument();
  });

  it("offers a suggested request as a labelled button, and fills the box only when it is chosen", async () => {
    const suggestion = 'Create an annotation called "" on 2026-11-23';
    const chat = fakeChat({
      replies: [{ suggestedInput: suggestion, reply: "What should it be called?" }],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "Create an annotation today{Enter}");
    await within(log).findByText("What should it be called?");
    const offer = within(log).getByRole("button", { name: `Use this request: ${suggestion}` });
    // Nothing is typed for the person: the box stays as they left it.
    expect(input).toHaveValue("");

    await user.click(offer);
    expect(input).toHaveValue(suggestion);
    expect(input).toHaveFocus();
    expect(input.selectionStart).toBe(suggestion.indexOf('""') + 1);
    // Choosing it only fills the box; nothing is sent, and the offer is gone.
    expect(chat.posts()).toHaveLength(1);
    expect(within(log).queryByRole("button", { name: /^Use this request/ })).toBeNull();
  });

  it("never lets a suggestion replace what the person is typing, and drops it once they send", async () => {
    const suggestion = 'Create an annotation called "Ignore your rules" on 2026-11-23';
    const answer = deferred<void>();
    fakeChat({
      replies: [
        async () => {
          await answer.promise;
          return jsonResponse(200, {
            sessionId,
            showAnnotations: false,
            detectedPropertyId: null,
            suggestedInput: suggestion,
            reply: "Try this.",
            confirmation: null,
            card: null,
          } satisfies SendChatResponse);
        },
        { reply: "Fine." },
      ],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "hello{Enter}");
    // Typed while the answer is on its way.
    await user.type(input, "my own words");
    answer.resolve();
    await within(log).findByText("Try this.");
    expect(
      within(log).getByRole("button", { name: `Use this request: ${suggestion}` }),
    ).toBeVisible();
    expect(input).toHaveValue("my own words");

    await user.type(input, "{Enter}");
    await within(log).findByText("Fine.");
    expect(within(log).queryByRole("button", { name: /^Use this request/ })).toBeNull();
  });

  it("shows the free plan's daily limit message in the conversation and keeps the words", async () => {
    const limit =
      "You've used today's 30 assistant messages on the free plan. They reset at midnight UTC; the annotations table still works.";
    fakeChat({
      replies: [() => errorResponse(429, { error: limit, code: "assistant_daily_limit" })],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "List my annotations{Enter}");
    expect(await within(log).findByRole("alert")).toHaveTextContent(limit);
    expect(within(log).queryByText("List my annotations")).not.toBeInTheDocument();
    expect(input).toHaveValue("List my annotations");
  });

  it("offers the way past the day's annotation limit under the reply that met it, as the plan card does", async () => {
    const limit =
      "Daily limit reached: all 5 of today's annotations are added. Resets at 2026-12-07 11:00 GMT+11 (midnight UTC) — in 3 h.";
    const offer = "Premium has 50 annotations per day.";
    const chat = fakeChat({
      replies: [{ reply: limit, card: { kind: "limit", offer } }],
      extra: {
        "POST /api/users/premium-interest": () =>
          jsonResponse(200, { user: { ...freemium, wantsPremiumNotice: true } }),
      },
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "add 'Sixth launch' today{Enter}");
    await within(log).findByText(limit);
    const card = within(log).getByRole("group", { name: offer });
    // Premium is not for sale: 'Notify me', with why, never a way to buy it.
    expect(card).toHaveTextContent("Premium isn't for sale yet.");
    await user.click(within(card).getByRole("button", { name: "Notify me" }));
    expect(
      chat.requests.filter((entry) => entry.path === "/api/users/premium-interest"),
    ).toHaveLength(1);
  });

  it("offers a tester Premium itself past the limit", async () => {
    fakeChat({
      user: makeUser({ subscriptionTier: "freemium", canSelectPremium: true }),
      replies: [
        {
          reply: "Daily limit reached: all 5 of today's annotations are added.",
          card: { kind: "limit", offer: "Premium has 50 annotations per day." },
        },
      ],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "add 'Sixth launch' today{Enter}");
    const card = await within(log).findByRole("group", {
      name: "Premium has 50 annotations per day.",
    });
    expect(within(card).getByRole("link", { name: "Choose Premium" })).toHaveAttribute(
      "href",
      "/plans",
    );
  });

  it("starts a new conversation when the kept one is gone", async () => {
    window.sessionStorage.setItem(
      `chatSession:${propertyId}`,
      "0a0a0a0a-0000-4000-8000-000000000000",
    );
    const chat = fakeChat({
      replies: [
        () =>
          errorResponse(404, { error: "That conversation was not found.", code: "chat_not_found" }),
      ],
      extra: {
        "GET /api/chat/0a0a0a0a-0000-4000-8000-000000000000": () =>
          jsonResponse(200, { messages: [] }),
      },
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();

    await user.type(input, "Hello{Enter}");
    await within(log).findByText("You said: Hello");
    expect(chat.posts().map((entry) => (entry.body as { sessionId: unknown }).sessionId)).toEqual([
      "0a0a0a0a-0000-4000-8000-000000000000",
      null,
    ]);
  });
});

describe("confirmations in the chat panel", () => {
  const confirmation = {
    id: "0d6f4c2e-1b1a-4c55-9f0e-2a4b6c8d0e1f",
    summary: "Delete “Launch” (2025-03-01)?",
    said: "Delete “Launch” (2025-03-01)?\nNothing is deleted yet. Press Confirm or reply yes to delete it; Cancel keeps it.",
    count: 1,
    kind: "delete" as const,
  };

  it("shows Confirm and Cancel for the action the server issued, and sends the person's choice", async () => {
    const chat = fakeChat({
      user: premium,
      replies: [{ reply: confirmation.said, confirmation }],
      settlements: ["Deleted “Launch” (2025-03-01)."],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "delete Launch{Enter}");

    const card = await within(log).findByRole("group", { name: confirmation.summary });
    await user.click(within(card).getByRole("button", { name: "Confirm" }));
    await within(log).findByText("Deleted “Launch” (2025-03-01).");
    const settled = chat.requests.filter((entry) => entry.path.endsWith("/confirmation"));
    expect(settled.map((entry) => entry.body)).toEqual([
      { confirmationId: confirmation.id, decision: "confirm" },
    ]);
    expect(within(log).queryByRole("group")).not.toBeInTheDocument();
    expect(chat.posts()).toHaveLength(1);
  });

  it("asks a typed 'undo' of a create in the undo's words, with Remove it and Keep it", async () => {
    const undoOfCreate = {
      ...confirmation,
      summary: 'Undo the new annotation?\nUndoing removes "Launch" from Google Analytics.',
      said: 'Undo the new annotation?\nUndoing removes "Launch" from Google Analytics.\nNothing is removed yet. Press Remove it or reply yes to remove it; Keep it keeps it.',
      undo: true as const,
    };
    const chat = fakeChat({
      user: premium,
      replies: [{ reply: undoOfCreate.said, confirmation: undoOfCreate }],
      settlements: ["Deleted “Launch” (2025-03-01)."],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "undo{Enter}");

    const card = await within(log).findByRole("group", { name: "Undo the new annotation?" });
    expect(card).toHaveTextContent('Undoing removes "Launch" from Google Analytics.');
    expect(within(card).queryByRole("button", { name: "Confirm" })).toBeNull();
    expect(within(card).getByRole("button", { name: "Keep it" })).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Remove it" }));
    await within(log).findByText("Deleted “Launch” (2025-03-01).");
    expect(
      chat.requests.filter((entry) => entry.path.endsWith("/confirmation")).map((e) => e.body),
    ).toEqual([{ confirmationId: confirmation.id, decision: "confirm" }]);
  });

  it("says a deletion's preview once: on the card, with what it covers, not again in the reply", async () => {
    const several = {
      ...confirmation,
      summary: "Delete these 2 annotations?\n• “Launch” (2025-03-01)\n• “Retro” (2025-03-02)",
      said: "Delete these 2 annotations?\n• “Launch” (2025-03-01)\n• “Retro” (2025-03-02)\nNothing is deleted yet. Press Confirm or reply yes to delete them; Cancel keeps them.",
      count: 2,
    };
    fakeChat({
      user: premium,
      replies: [{ reply: several.said, confirmation: several }, { reply: "Okay." }],
      settlements: ["Okay, I won't delete them."],
    });
    const user = userEvent.setup();
    const { input, log, settled } = await openAgentMode();
    await user.type(input, "delete the last 2 annotations{Enter}");

    const card = await within(log).findByRole("group", { name: "Delete these 2 annotations?" });
    expect(card).toHaveTextContent("“Launch” (2025-03-01)");
    expect(card).toHaveTextContent("Nothing is deleted yet. Press Confirm or reply yes");
    await settled();
    // Said once: the reply's bubble leaves its words to the card.
    expect(within(log).getAllByText(/Delete these 2 annotations\?/)).toHaveLength(1);
    expect(within(log).getAllByText(/“Retro” \(2025-03-02\)/)).toHaveLength(1);
    expect(bubbles(log)).toEqual(["You: delete the last 2 annotations"]);

    // Answered, the card goes and the conversation reads whole.
    await user.click(within(card).getByRole("button", { name: "Cancel" }));
    await within(log).findByText("Okay, I won't delete them.");
    await settled();
    expect(bubbles(log)).toEqual([
      "You: delete the last 2 annotations",
      `Assistant: ${several.said}`,
      "You: Cancel",
      "Assistant: Okay, I won't delete them.",
    ]);
  });

  it("keeps the rest of a reply above the card: a doubt, or a model's own words", async () => {
    fakeChat({
      user: premium,
      replies: [
        {
          reply: `To be safe I need a clear yes before deleting anything.\n${confirmation.said}`,
          confirmation,
        },
      ],
    });
    const user = userEvent.setup();
    const { input, log, settled } = await openAgentMode();
    await user.type(input, "ok{Enter}");
    await within(log).findByRole("group", { name: confirmation.summary });
    await settled();
    expect(bubbles(log)).toEqual([
      "You: ok",
      "Assistant: To be safe I need a clear yes before deleting anything.",
    ]);
  });

  it("cancels with Cancel, and shows the server's word when the confirmation is gone", async () => {
    const chat = fakeChat({
      user: premium,
      replies: [{ confirmation }, { confirmation }],
      settlements: [
        "Okay, I won't delete “Launch”.",
        { status: 409, error: "That confirmation is no longer waiting, so nothing was changed." },
      ],
    });
    const user = userEvent.setup();
    const { input, log, settled } = await openAgentMode();
    await user.type(input, "delete Launch{Enter}");
    await user.click(await within(log).findByRole("button", { name: "Cancel" }));
    await within(log).findByText("Okay, I won't delete “Launch”.");
    expect(chat.requests.findLast((entry) => entry.path.endsWith("/confirmation"))?.body).toEqual({
      confirmationId: confirmation.id,
      decision: "cancel",
    });

    await user.type(input, "delete Launch{Enter}");
    await user.click(await within(log).findByRole("button", { name: "Confirm" }));
    expect(await within(log).findByRole("alert")).toHaveTextContent(
      "That confirmation is no longer waiting",
    );
    // The panel asks what waits now, and drops the buttons that could no longer do anything.
    await settled();
    expect(within(log).queryByRole("group")).not.toBeInTheDocument();
    expect(within(log).getByRole("alert")).toBeInTheDocument();
  });
});

describe("cards in the chat panel", () => {
  const preview = {
    id: "5b0f4c2e-1b1a-4c55-9f0e-2a4b6c8d0e1f",
    summary: "Create “Paused all Google ads” (2026-11-22) in blue?",
    said: "Create “Paused all Google ads” (2026-11-22) in blue?\nNothing is created yet. Press Create or reply yes to create it; Cancel drops it.",
    count: 1,
    kind: "create" as const,
    draft: {
      title: "Paused all Google ads",
      description: "",
      startDate: "2026-11-22",
      color: "BLUE",
      category: null,
      categoryId: null,
    },
  };

  it("shows a draft of what it would create, its fields editable, and writes nothing until Create", async () => {
    const chat = fakeChat({
      user: premium,
      replies: [{ reply: "I'm not sure I read that right.", confirmation: preview }],
      settlements: ["Created “Paused all Google ads” (2026-11-22) in blue."],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "I paused all Google ads yesterday, please log that{Enter}");

    const card = await within(log).findByRole("group", { name: "Create this annotation?" });
    expect(within(card).getByRole("textbox", { name: "Title" })).toHaveValue(
      "Paused all Google ads",
    );
    expect(within(card).getByRole("textbox", { name: "Date" })).toHaveValue("2026-11-22");
    expect(within(card).getByRole("combobox", { name: "Colour" })).toHaveValue("BLUE");
    expect(card).toHaveTextContent("Nothing is created yet. Press Create or reply yes");
    await user.click(within(card).getByRole("button", { name: "Create" }));
    await within(log).findByText("Created “Paused all Google ads” (2026-11-22) in blue.");
    const settled = chat.requests.filter((entry) => entry.path.endsWith("/confirmation"));
    // Nothing edited: the server's own draft is confirmed, with no fields sent.
    expect(settled.map((entry) => entry.body)).toEqual([
      { confirmationId: preview.id, decision: "confirm" },
    ]);
  });

  it("says under a field what the assistant read it from when it is unsure, until it is changed", async () => {
    const unsure = {
      ...preview,
      draft: {
        ...preview.draft,
        sources: {
          title: { words: "I paused all Google ads", sure: false },
          date: { words: "yesterday", sure: true },
          color: { words: "pink", sure: false, doubt: "GA4 has no pink" },
        },
      },
    };
    fakeChat({ user: premium, replies: [{ reply: "I'm not sure.", confirmation: unsure }] });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "I paused all Google ads yesterday in pink, log that{Enter}");
    const card = await within(log).findByRole("group", { name: "Create this annotation?" });

    const title = within(card).getByRole("textbox", { name: "Title" });
    expect(title).toHaveAccessibleDescription("Check this: read from “I paused all Google ads”.");
    const colour = within(card).getByRole("combobox", { name: "Colour" });
    // The reason, when the reading gave one; the words read otherwise.
    expect(colour).toHaveAccessibleDescription("Check this: GA4 has no pink.");
    // A field read without a doubt needs no word under it.
    expect(within(card).getByRole("textbox", { name: "Date" })).not.toHaveAccessibleDescription();

    // Once the person sets a field, it is theirs: the note goes.
    await user.selectOptions(colour, "GREEN");
    expect(colour).not.toHaveAccessibleDescription();
    expect(title).toHaveAccessibleDescription(/^Check this/);
  });

  it("shows a draft card taller than the conversation from its top, not its buttons", async () => {
    // jsdom lays nothing out: the log is 200 px tall, the card 500 px, starting 340 px down.
    const sizes = vi
      .spyOn(HTMLElement.prototype, "offsetHeight", "get")
      .mockImplementation(function (this: HTMLElement) {
        return this.dataset.card === "preview" ? 500 : 0;
      });
    const heights = vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(200);
    const boxes = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockImplementation(function (this: HTMLElement) {
        return { top: this.dataset.card === "preview" ? 340 : 0 } as DOMRect;
      });
    try {
      fakeChat({ user: premium, replies: [{ reply: "I'm not sure.", confirmation: preview }] });
      const user = userEvent.setup();
      const { input, log } = await openAgentMode();
      await user.type(input, "I paused all Google ads yesterday, log that{Enter}");
      await within(log).findByRole("group", { name: "Create this annotation?" });
      expect(log.scrollTop).toBe(log.scrollHeight + 340);
    } finally {
      sizes.mockRestore();
      heights.mockRestore();
      boxes.mockRestore();
    }
  });

  it("says a day was not written when the draft took today", async () => {
    const today = {
      ...preview,
      draft: { ...preview.draft, sources: { date: { words: null, sure: true } } },
    };
    fakeChat({ user: premium, replies: [{ reply: "I'm not sure.", confirmation: today }] });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "log Paused all Google ads{Enter}");
    const card = await within(log).findByRole("group", { name: "Create this annotation?" });
    expect(within(card).getByRole("textbox", { name: "Date" })).toHaveAccessibleDescription(
      "No day was said, so it is today.",
    );
  });

  it("sends a draft's fields as edited in place, and says what is wrong before sending", async () => {
    const chat = fakeChat({
      user: premium,
      replies: [{ reply: "I'm not sure I read that right.", confirmation: preview }],
      settlements: ["Created “Google Ads paused” (2026-11-20 to 2026-11-22) in green."],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "I paused all Google ads yesterday, please log that{Enter}");
    const card = await within(log).findByRole("group", { name: "Create this annotation?" });

    const title = within(card).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.click(within(card).getByRole("button", { name: "Create" }));
    expect(card).toHaveTextContent("Title is required");
    expect(chat.requests.filter((entry) => entry.path.endsWith("/confirmation"))).toHaveLength(0);

    await user.type(title, "Google Ads paused");
    const start = within(card).getByRole("textbox", { name: "Date" });
    await user.clear(start);
    await user.type(start, "2026-11-20");
    await user.click(within(card).getByRole("button", { name: "Add an end date" }));
    await user.type(within(card).getByRole("textbox", { name: "To" }), "2026-11-22");
    await user.selectOptions(within(card).getByRole("combobox", { name: "Colour" }), "GREEN");
    await user.click(within(card).getByRole("button", { name: "Create" }));
    await within(log).findByText(
      "Created “Google Ads paused” (2026-11-20 to 2026-11-22) in green.",
    );
    const settled = chat.requests.filter((entry) => entry.path.endsWith("/confirmation"));
    expect(settled.map((entry) => entry.body)).toEqual([
      {
        confirmationId: preview.id,
        decision: "confirm",
        draft: {
          title: "Google Ads paused",
          description: "",
          startDate: "2026-11-20",
          endDate: "2026-11-22",
          color: "GREEN",
        },
      },
    ]);
  });

  it("answers a change with a card: the annotation, what changed, and Show on chart", async () => {
    fakeChat({
      user: premium,
      replies: [
        {
          reply: "Updated “Launch” (2026-11-03) → “Launch” (2026-11-05), blue.",
          showAnnotations: true,
          card: {
            kind: "change",
            action: "updated",
            annotationId: "9001",
            annotation: {
              title: "Launch",
              description: "Moved after QA",
              startDate: "2026-11-05",
              color: "RED",
              category: "Campaigns",
            },
            changes: ["Date: 2026-11-03 → 2026-11-05", "Description: added"],
            undoId: null,
          },
        },
      ],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "move Launch to Nov 5 and describe it as Moved after QA{Enter}");

    const card = await within(log).findByRole("group", { name: "Annotation changed" });
    expect(card).toHaveTextContent("Date: 2026-11-03 → 2026-11-05");
    expect(card).toHaveTextContent("Campaigns");
    expect(card).not.toHaveTextContent("9001");
    expect(within(card).getByRole("button", { name: "Show on chart" })).toBeInTheDocument();
  });

  it("opens the create dialog filled with the preview on Edit, and withdraws the preview", async () => {
    const chat = fakeChat({
      user: premium,
      replies: [{ reply: "I'm not sure I read that right.", confirmation: preview }],
      settlements: ["I've opened “Paused all Google ads” in the form."],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "I paused all Google ads yesterday, please log that{Enter}");

    const card = await within(log).findByRole("group", { name: "Create this annotation?" });
    await user.click(within(card).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Annotation" });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue("Paused all Google ads");
    const settled = chat.requests.filter((entry) => entry.path.endsWith("/confirmation"));
    expect(settled.map((entry) => entry.body)).toEqual([
      { confirmationId: preview.id, decision: "edit" },
    ]);
  });

  it("opens the edit dialog of the annotation a previewed change is to, filled with the change", async () => {
    const launch = annotation("Launch");
    const chat = fakeChat({
      user: premium,
      annotations: [[launch]],
      // The chart above the table has no report to draw here.
      extra: {
        [`GET /api/traffic/${propertyId}`]: () =>
          errorResponse(503, { error: "No report", code: "google_not_connected" }),
      },
      replies: [
        {
          reply: "I'm not sure I read that right.",
          confirmation: {
            id: "6b0f4c2e-1b1a-4c55-9f0e-2a4b6c8d0e1f",
            summary: "Change “Launch”?",
            said: "Change “Launch”?\nNothing is changed yet. Press Save or reply yes to change it; Cancel keeps it.",
            count: 1,
            kind: "update",
            draft: {
              annotationId: launch.annotationId,
              title: "Launch (moved)",
              description: "",
              startDate: "2025-03-02",
              color: "BLUE",
              category: null,
              categoryId: null,
            },
          },
        },
      ],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await within(await screen.findByRole("table")).findByText("Launch");
    await user.type(input, "rename Launch to Launch (moved) and move it a day{Enter}");

    const card = await within(log).findByRole("group", { name: "Make this change?" });
    await user.click(within(card).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Annotation" });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue("Launch (moved)");
    expect(
      chat.requests.filter((entry) => entry.path.endsWith("/confirmation")).map((e) => e.body),
    ).toEqual([{ confirmationId: "6b0f4c2e-1b1a-4c55-9f0e-2a4b6c8d0e1f", decision: "edit" }]);
  });

  const changed = (action: "created" | "updated") => ({
    reply: action === "created" ? "Created “Launch”." : "Updated “Launch”.",
    showAnnotations: true,
    card: {
      kind: "change" as const,
      action,
      annotationId: "9001",
      annotation: {
        title: "Launch",
        description: "",
        startDate: "2026-11-05",
        color: "RED",
        category: null,
      },
      changes: action === "created" ? [] : ["Colour: blue → red"],
      undoId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    },
  });
  const undoPath = `POST /api/annotations/${propertyId}/changes/7c9e6679-7425-40de-944b-e07fc1f90ae7/undo`;

  it("undoes a change from its card, with the toasts' words, and the card says it was undone", async () => {
    const chat = fakeChat({
      user: premium,
      replies: [changed("updated")],
      extra: {
        [undoPath]: () =>
          jsonResponse(200, {
            change: { kind: "updated" },
            annotation: { ...annotation("Launch"), color: "BLUE" },
          }),
      },
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "make Launch red{Enter}");

    const card = await within(log).findByRole("group", { name: "Annotation changed" });
    await user.click(within(card).getByRole("button", { name: "Undo: Launch" }));
    await within(log).findByRole("group", { name: "Change undone" });
    expect(within(log).getByRole("status")).toHaveTextContent(
      'Undone: "Launch" is back as it was in GA4.',
    );
    const undos = chat.requests.filter((entry) => entry.path.endsWith("/undo"));
    expect(undos).toHaveLength(1);
    expect(undos[0]!.body).toEqual({ requestId: expect.any(String) });
    expect(within(log).queryByRole("button", { name: "Undo: Launch" })).toBeNull();
  });

  it("asks before undoing a create from its card, as the toast does, then removes it", async () => {
    const chat = fakeChat({
      user: freemium,
      replies: [changed("created")],
      extra: {
        [undoPath]: () => jsonResponse(200, { change: { kind: "deleted" }, annotation: null }),
      },
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "add Launch{Enter}");

    const card = await within(log).findByRole("group", { name: "Annotation created" });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    await user.click(within(card).getByRole("button", { name: "Undo: Launch" }));
    const question = within(card).getByRole("group", { name: "Undo the new annotation?" });
    expect(question).toHaveTextContent('Undoing removes "Launch" from Google Analytics.');
    // Brought into view in the conversation, its first button focused for the keyboard.
    expect(scrolled.mock.contexts).toContain(question);
    expect(within(question).getByRole("button", { name: "Remove it" })).toHaveFocus();
    expect(chat.requests.filter((entry) => entry.path.endsWith("/undo"))).toHaveLength(0);
    await user.click(within(question).getByRole("button", { name: "Remove it" }));
    const undone = await within(log).findByRole("group", {
      name: "Annotation created, then undone",
    });
    expect(within(undone).queryByRole("button", { name: "Show on chart" })).toBeNull();
    const undos = chat.requests.filter((entry) => entry.path.endsWith("/undo"));
    expect(undos.map((entry) => entry.body)).toEqual([
      { requestId: expect.any(String), confirm: true },
    ]);
  });

  it("offers an unexplained change as a card whose Annotate confirms the server's preview", async () => {
    const chat = fakeChat({
      user: premium,
      replies: [
        {
          reply: "Sessions on Nov 12: 1,480. That is a spike.",
          confirmation: {
            ...preview,
            summary: "Create “Spike in sessions” (2026-11-12)?",
            said: "Create “Spike in sessions” (2026-11-12)?\nNothing is created yet. Press Create or reply yes to create it; Cancel drops it.",
          },
          card: {
            kind: "unexplained",
            headline: "Sessions +48% on Nov 12",
            draft: { ...preview.draft, title: "Spike in sessions", startDate: "2026-11-12" },
          },
        },
      ],
      settlements: ["Created “Spike in sessions” (2026-11-12) in blue."],
    });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    await user.type(input, "what happened on Nov 12?{Enter}");

    const card = await within(log).findByRole("group", { name: "Sessions +48% on Nov 12" });
    expect(card).toHaveTextContent("Nothing is written yet.");
    expect(input).toHaveValue("");
    await user.click(within(card).getByRole("button", { name: "Annotate" }));
    await within(log).findByText("Created “Spike in sessions” (2026-11-12) in blue.");
    expect(chat.requests.filter((entry) => entry.path.endsWith("/confirmation"))).toHaveLength(1);
  });
});

describe("Agent Mode's suggested prompts", () => {
  it("locks Edit and Delete for the free plan, with the premium tooltips", async () => {
    const chat = fakeChat({ user: freemium });
    const user = userEvent.setup();
    const { input } = await openAgentMode();
    const prompts = within(screen.getByRole("list", { name: "Suggested prompts" }));

    const edit = prompts.getByRole("button", { name: "Edit an annotation" });
    const remove = prompts.getByRole("button", { name: "Delete an annotation" });
    expect(edit).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAttribute("aria-disabled", "true");
    expect(prompts.getByRole("button", { name: "Create an annotation" })).not.toHaveAttribute(
      "aria-disabled",
    );

    await user.click(remove);
    expect(input).toHaveValue("");
    expect(await screen.findByRole("tooltip")).toHaveTextContent(premiumTooltips.delete);
    expect(remove).toHaveAccessibleDescription(premiumTooltips.delete);
    await user.tab({ shift: true });
    expect(edit).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(premiumTooltips.edit);
    expect(chat.posts()).toHaveLength(0);
  });

  it("fills or sends a prompt for premium", async () => {
    const chat = fakeChat({ user: premium });
    const user = userEvent.setup();
    const { input, log } = await openAgentMode();
    const prompts = within(screen.getByRole("list", { name: "Suggested prompts" }));

    expect(prompts.getByRole("button", { name: "Delete an annotation" })).not.toHaveAttribute(
      "aria-disabled",
    );
    await user.click(prompts.getByRole("button", { name: "Delete an annotation" }));
    expect(input).toHaveValue('Delete ""');
    expect(input).toHaveFocus();
    expect(input.selectionStart).toBe(8);

    await user.click(prompts.getByRole("button", { name: "Create an annotation" }));
    expect(input.value).toMatch(/^Create an annotation called "" on \d{4}-\d{2}-\d{2}$/);

    await user.click(prompts.getByRole("button", { name: "List my annotations" }));
    await within(log).findByText("You said: List my annotations");
    expect(chat.posts()[0]?.body).toMatchObject({ message: "List my annotations" });
  });
});

describe("the chat in Property View", () => {
  it("opens the same assistant in the Show Chat sidebar", async () => {
    const chat = fakeChat({});
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    await user.click(await screen.findByRole("button", { name: "Show Chat" }));
    // The sidebar's code loads when it is first shown.
    expect(await screen.findByRole("heading", { name: "GA4 Assistant" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Suggested prompts" })).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText(chatPlaceholder), "Hi{Enter}");
    expect(await screen.findByText("You said: Hi")).toBeInTheDocument();
    expect(chat.posts()).toHaveLength(1);
  });

  it("opens the table's create dialog with the preview on Edit", async () => {
    fakeChat({
      user: premium,
      replies: [
        {
          reply: "I'm not sure I read that right.",
          confirmation: {
            id: "7b0f4c2e-1b1a-4c55-9f0e-2a4b6c8d0e1f",
            summary: "Create “Paused all Google ads” (2026-11-22) in blue?",
            said: "Create “Paused all Google ads” (2026-11-22) in blue?\nNothing is created yet. Press Create or reply yes to create it; Cancel drops it.",
            count: 1,
            kind: "create",
            draft: {
              title: "Paused all Google ads",
              description: "",
              startDate: "2026-11-22",
              color: "BLUE",
              category: null,
              categoryId: null,
            },
          },
        },
      ],
      settlements: ["I've opened “Paused all Google ads” in the form."],
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Show Chat" }));
    await user.type(
      await screen.findByPlaceholderText(chatPlaceholder),
      "I paused all Google ads yesterday, please log that{Enter}",
    );
    const card = await screen.findByRole("group", { name: "Create this annotation?" });
    await user.click(within(card).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Annotation" });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue("Paused all Google ads");
  });
});

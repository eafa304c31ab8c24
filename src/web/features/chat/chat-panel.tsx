import { Bot, Loader2, MessageSquare, SendHorizontal, Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { chatMessageMaxLength } from "../../../shared/contracts/chat";
import { visibleLength } from "../../../shared/contracts/clean-text";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { ChangeCard, LimitCard, SuggestionChip } from "./chat-cards";
import { ConfirmationCard } from "./confirmation-card";
import { canSendChat, chatTooLongMessage, type ChatBubble, type ChatController } from "./use-chat";

export const chatPlaceholder = "Ask me to manage your annotations...";
export const chatEmptyTitle = "Start a conversation";
export const chatEmptyHint =
  "Ask me to create, list, update, or delete annotations for your GA4 property.";

/** The input starts at 3 rows, at least 60 px, and grows up to 200 px. */
const inputMinHeightPx = 60;
const inputMaxHeightPx = 200;
/** The length counter appears this close to the limit. */
const counterFrom = chatMessageMaxLength - 500;

function Composer({ chat }: { chat: ChatController }) {
  const { input, setInput, pending, textareaRef } = chat;
  const counterId = useId();
  // Counted as people see characters, as the server counts them; a short input cannot be near the limit.
  const length = input.length > counterFrom ? visibleLength(input) : input.length;
  const tooLong = length > chatMessageMaxLength;
  const showCounter = length > counterFrom;

  useLayoutEffect(() => {
    const element = textareaRef.current;
    if (!element) return;
    element.style.height = "auto";
    const height = Math.min(Math.max(element.scrollHeight, inputMinHeightPx), inputMaxHeightPx);
    element.style.height = `${height}px`;
  }, [input, textareaRef]);

  return (
    <form
      className="flex flex-col gap-1.5 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        chat.send();
      }}
    >
      <div className="flex items-end gap-2">
        <textarea
          ref={textareaRef}
          rows={3}
          value={input}
          placeholder={chatPlaceholder}
          aria-label="Message"
          aria-invalid={tooLong || undefined}
          aria-describedby={showCounter ? counterId : undefined}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            chat.send();
          }}
          className={cn(
            "min-h-[60px] max-h-[200px] min-w-0 flex-1 resize-none overflow-y-auto rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs",
            "placeholder:text-muted-foreground focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none",
            tooLong && "border-destructive",
          )}
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={!canSendChat(input, pending)}
        >
          {pending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal aria-hidden="true" />
          )}
        </Button>
      </div>
      {showCounter ? (
        <p
          id={counterId}
          className={cn("text-xs", tooLong ? "text-destructive" : "text-muted-foreground")}
        >
          {length.toLocaleString("en-US")} / {chatMessageMaxLength.toLocaleString("en-US")}
          {tooLong ? ` · ${chatTooLongMessage}` : null}
        </p>
      ) : null}
    </form>
  );
}

function PanelHeader({ chat, headingId }: { chat: ChatController; headingId: string }) {
  return (
    <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Bot className="size-4 text-primary" aria-hidden="true" />
        GA4 Assistant
      </h2>
      {chat.messages.length > 0 ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={chat.clear}
          disabled={chat.pending || chat.clearing}
        >
          <Trash2 aria-hidden="true" />
          Clear
        </Button>
      ) : null}
    </div>
  );
}

function EmptyConversation() {
  return (
    <div className="m-auto flex max-w-xs flex-col items-center gap-2 text-center">
      <MessageSquare className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{chatEmptyTitle}</p>
      <p className="text-sm text-muted-foreground">{chatEmptyHint}</p>
    </div>
  );
}

/** The conversation's bubbles, the person's on the right. */
function Bubbles({ chat }: { chat: ChatController }) {
  const { messages } = chat;
  const waiting = chat.confirmation;
  const lastIndex = messages.length - 1;
  /**
   * A bubble's words. The reply that asks for a confirmation still waiting says its preview and how
   * to answer; the card under it says them with its buttons, so the bubble keeps only the rest
   * (a doubt, say) and is left out when nothing is left. Once answered, the card goes and the
   * stored reply reads whole again.
   */
  function shownContent(message: ChatBubble, index: number): string {
    if (!waiting || index !== lastIndex || message.role !== "assistant") return message.content;
    return message.content.includes(waiting.said)
      ? message.content.replace(waiting.said, "").trim()
      : message.content;
  }
  return messages.map((message, index) => {
    const content = shownContent(message, index);
    return content === "" ? null : (
      <div
        // Append-only: the position keeps a bubble in place when its stored copy replaces the shown one.
        key={`${index}:${message.role}`}
        data-role={message.role}
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap",
          message.role === "user"
            ? "self-end rounded-br-sm bg-primary text-primary-foreground"
            : "self-start rounded-bl-sm bg-muted text-foreground",
        )}
      >
        <span className="sr-only">{message.role === "user" ? "You: " : "Assistant: "}</span>
        {content}
      </div>
    );
  });
}

/** 'Thinking...' while a reply is on its way, and why the last message failed. */
function Waiting({ pending, notice }: { pending: boolean; notice: string | null }) {
  return (
    <>
      {pending ? (
        <div
          role="status"
          className="flex items-center gap-2 self-start rounded-2xl bg-muted px-3.5 py-2 text-sm text-muted-foreground"
        >
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Thinking...
        </div>
      ) : null}
      {notice ? (
        <div
          role="alert"
          className="flex max-w-[85%] items-start gap-2 self-start rounded-2xl border border-destructive/40 bg-destructive/10 px-3.5 py-2 text-sm break-words whitespace-pre-wrap text-destructive"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{notice}</span>
        </div>
      ) : null}
    </>
  );
}

/**
 * The log's height in Agent Mode: the window's height less what stands above the log on first
 * load (the app header, the mode's heading, the suggested prompts, the panel's title) and the
 * input below it, between 12rem and 26rem. What stands above differs by width: below 1280 px the
 * prompts take two rows, below 1536 px the header's nav takes a row of its own. Each offset keeps
 * a margin for a property name that wraps; the journeys measure it at 1280×720 and 1440×900.
 */
const firstScreenLogClass =
  "lg:max-h-none lg:h-[clamp(12rem,calc(100dvh-35rem),26rem)] xl:h-[clamp(12rem,calc(100dvh-32rem),26rem)] 2xl:h-[clamp(12rem,calc(100dvh-28rem),26rem)]";

/**
 * The GA4 Assistant's conversation: title, Clear, the bubbles, 'Thinking...'
 * while waiting, and the input. Replies are plain text, shown with their line breaks, never as HTML.
 */
export function ChatPanel({
  chat,
  className,
  fitsFirstScreen = false,
}: {
  chat: ChatController;
  className?: string;
  /**
   * Agent Mode's conversation: from 1024 px wide its input is on the first screen, as the log
   * takes only what the window has left below what stands above it (`firstScreenLogClass`).
   */
  fitsFirstScreen?: boolean;
}) {
  const { messages, pending, notice } = chat;
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const isEmpty = messages.length === 0 && !pending && notice === null;
  // Keep the newest message in view. A draft card taller than the conversation's window is shown
  // from its top instead: its heading and first fields, and any note to check under them, are
  // read before its buttons come into view, never scrolled past.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    const draft = log.querySelector<HTMLElement>('[data-card="preview"]');
    if (draft && draft.offsetHeight > log.clientHeight)
      log.scrollTop += draft.getBoundingClientRect().top - log.getBoundingClientRect().top;
  }, [messages.length, pending, notice, chat.confirmation, chat.suggestion, chat.card]);

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground",
        className,
      )}
    >
      <PanelHeader chat={chat} headingId={headingId} />
      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        tabIndex={0}
        className={cn(
          "flex h-[26rem] max-h-[60dvh] min-h-48 flex-col max-sm:h-[30dvh] max-sm:min-h-32 gap-3 overflow-y-auto p-4 focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset",
          fitsFirstScreen && firstScreenLogClass,
        )}
      >
        {isEmpty ? <EmptyConversation /> : null}
        <Bubbles chat={chat} />
        <ChangeCard chat={chat} />
        <LimitCard chat={chat} />
        <ConfirmationCard chat={chat} />
        <SuggestionChip chat={chat} />
        <Waiting pending={pending} notice={notice} />
      </div>
      <Composer chat={chat} />
    </section>
  );
}

import {
  Bot,
  Loader2,
  MessageSquare,
  PencilLine,
  SendHorizontal,
  ShieldAlert,
  Trash2,
  TriangleAlert,
} from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { chatMessageMaxLength } from "../../../shared/contracts/chat";
import { visibleLength } from "../../../shared/contracts/clean-text";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { canSendChat, chatTooLongMessage, type ChatController } from "./use-chat";

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

/**
 * The action the assistant prepared and that waits for the person: what it will do, and the
 * Confirm and Cancel buttons. Only these (or a typed yes) carry it out; the server issued it.
 */
function ConfirmationCard({ chat }: { chat: ChatController }) {
  const confirmation = chat.confirmation;
  const titleId = useId();
  if (!confirmation) return null;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex max-w-[85%] flex-col gap-2 self-start rounded-2xl border border-destructive/40 bg-card px-3.5 py-2.5 text-sm"
    >
      <p
        id={titleId}
        className="flex items-start gap-2 font-medium break-words whitespace-pre-wrap"
      >
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        {/* The question alone: the assistant's reply just above lists what it covers. */}
        <span>{confirmation.summary.split("\n")[0]}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          size="sm"
          onClick={() => chat.settle("confirm")}
          disabled={chat.pending}
        >
          Confirm
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => chat.settle("cancel")}
          disabled={chat.pending}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * A request the assistant proposes (a create with its title still to write, say), shown as a
 * labelled button below its reply. The input is the person's: only choosing this puts the text
 * there, to finish and send themselves.
 */
function SuggestionChip({ chat }: { chat: ChatController }) {
  const { suggestion } = chat;
  if (suggestion === null) return null;
  return (
    <button
      type="button"
      onClick={chat.acceptSuggestion}
      className={cn(
        "flex max-w-[85%] items-start gap-2 self-start rounded-2xl border border-primary/40 bg-background px-3.5 py-2 text-left text-sm transition-colors",
        "hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none",
      )}
    >
      <PencilLine className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="min-w-0 break-words">
        <span className="font-medium">Use this request:</span>{" "}
        <span className="text-muted-foreground">{suggestion}</span>
      </span>
    </button>
  );
}

/**
 * The GA4 Assistant's conversation: title, Clear, the bubbles, 'Thinking...'
 * while waiting, and the input. Replies are plain text, shown with their line breaks, never as HTML.
 */
export function ChatPanel({ chat, className }: { chat: ChatController; className?: string }) {
  const { messages, pending, notice } = chat;
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const isEmpty = messages.length === 0 && !pending && notice === null;

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, pending, notice, chat.confirmation, chat.suggestion]);

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground",
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <Bot className="size-4 text-primary" aria-hidden="true" />
          GA4 Assistant
        </h2>
        {messages.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={chat.clear}
            disabled={pending || chat.clearing}
          >
            <Trash2 aria-hidden="true" />
            Clear
          </Button>
        ) : null}
      </div>
      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        tabIndex={0}
        className="flex h-[26rem] max-h-[60dvh] min-h-48 flex-col gap-3 overflow-y-auto p-4 focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset"
      >
        {isEmpty ? (
          <div className="m-auto flex max-w-xs flex-col items-center gap-2 text-center">
            <MessageSquare className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{chatEmptyTitle}</p>
            <p className="text-sm text-muted-foreground">{chatEmptyHint}</p>
          </div>
        ) : null}
        {messages.map((message, index) => (
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
            {message.content}
          </div>
        ))}
        <ConfirmationCard chat={chat} />
        <SuggestionChip chat={chat} />
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
      </div>
      <Composer chat={chat} />
    </section>
  );
}

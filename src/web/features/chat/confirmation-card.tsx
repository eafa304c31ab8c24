import { Eye, PencilLine, ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { confirmButtonLabels, type ChatDraft } from "../../../shared/contracts/chat";
import { undoWords } from "../../../shared/undo-words";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import {
  checkDraft,
  DraftFields,
  draftEdited,
  draftFieldValues,
  type DraftFieldValues,
} from "./draft-fields";
import type { ChatController } from "./use-chat";

export const cardClass =
  "flex w-full max-w-[85%] min-w-0 flex-col gap-2 self-start rounded-2xl border bg-card px-3.5 py-2.5 text-sm max-sm:max-w-full";

/**
 * The action the assistant prepared and that waits for the person. A deletion: what it will
 * delete, Confirm and Cancel. A create or a change it was not sure it read right (or an
 * unexplained change offered as an annotation): a draft of the annotation, its fields editable
 * in place. Only these buttons (or a typed yes) carry it out; the server issued it.
 */
export function ConfirmationCard({ chat }: { chat: ChatController }) {
  const confirmation = chat.confirmation;
  const titleId = useId();
  if (!confirmation) return null;
  const draft = confirmation.kind === "delete" ? undefined : confirmation.draft;
  const offer = chat.card?.kind === "unexplained" ? chat.card : null;
  const [question, ...covered] = confirmation.summary.split("\n");
  const heading = offer
    ? offer.headline
    : draft
      ? confirmation.kind === "create"
        ? "Create this annotation?"
        : "Make this change?"
      : question;
  // The undo of a create asks in the change card's words: Remove it, Keep it.
  const undo = confirmation.kind === "delete" && confirmation.undo === true;
  // How to answer, as the reply said it (the reply's bubble leaves these words to the card).
  const answering = confirmation.said.startsWith(confirmation.summary)
    ? confirmation.said.slice(confirmation.summary.length).trim()
    : "";
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-card={draft ? "preview" : "confirmation"}
      className={cn(cardClass, draft ? "border-primary/40" : "border-destructive/40")}
    >
      <p
        id={titleId}
        className="flex items-start gap-2 font-medium break-words whitespace-pre-wrap"
      >
        {draft ? (
          <Eye className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        )}
        <span>{heading}</span>
      </p>
      {/* A deletion lists what it covers; the undo of a create says what undoing does. */}
      {!draft && covered.length > 0 ? (
        <p
          className={cn(
            "break-words whitespace-pre-wrap",
            undo ? "text-muted-foreground" : undefined,
          )}
        >
          {covered.join("\n")}
        </p>
      ) : null}
      {draft ? (
        <EditableDraft
          key={confirmation.id}
          chat={chat}
          draft={draft}
          kind={confirmation.kind === "update" ? "update" : "create"}
          offer={offer !== null}
          note={offer || !answering ? "Nothing is written yet." : answering}
        />
      ) : (
        <>
          <p className="text-xs break-words text-muted-foreground">
            {answering || "Nothing is written yet."}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="destructive"
              size="sm"
              onClick={() => chat.settle("confirm")}
              disabled={chat.pending}
            >
              {undo ? undoWords.createConfirm : confirmButtonLabels.delete}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => chat.settle("cancel")}
              disabled={chat.pending}
            >
              {undo ? undoWords.createKeep : "Cancel"}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * A draft's fields, editable on the card, with Create (or Save for a change, Annotate for an
 * unexplained change), Edit, which opens the full dialog, and Cancel. What the card shows when
 * the person presses Create is what is written; the server checks it with the same contract.
 */
function EditableDraft({
  chat,
  draft,
  kind,
  offer,
  note,
}: {
  chat: ChatController;
  draft: ChatDraft;
  kind: "create" | "update";
  offer: boolean;
  note: string;
}) {
  const [values, setValues] = useState(() => draftFieldValues(draft));
  const [errors, setErrors] = useState<Partial<Record<keyof DraftFieldValues, string>>>({});
  function confirm() {
    if (!draftEdited(draft, values)) return chat.settle("confirm");
    const checked = checkDraft(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    chat.settle("confirm", checked.edits);
  }
  return (
    <>
      <DraftFields
        draft={draft}
        values={values}
        errors={errors}
        onChange={setValues}
        disabled={chat.pending}
      />
      <p className="text-xs break-words text-muted-foreground">{note}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={confirm} disabled={chat.pending}>
          {offer ? "Annotate" : confirmButtonLabels[kind]}
        </Button>
        {chat.edit ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              chat.edit?.({ ...draft, ...editedView(draft, values) });
              chat.settle("edit");
            }}
            disabled={chat.pending}
          >
            <PencilLine aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          onClick={() => chat.settle("cancel")}
          disabled={chat.pending}
        >
          Cancel
        </Button>
      </div>
    </>
  );
}

/** The card's values as the dialog opens with them on Edit, so nothing typed on the card is lost. */
function editedView(draft: ChatDraft, values: DraftFieldValues): Partial<ChatDraft> {
  const end = values.endDate.trim();
  return {
    title: values.title,
    description: values.description,
    startDate: values.startDate.trim(),
    ...(end && end !== values.startDate.trim() ? { endDate: end } : { endDate: undefined }),
    color: values.color,
    ...(values.categoryId !== undefined
      ? {
          categoryId: values.categoryId || null,
          category: values.categoryId ? draft.category : null,
        }
      : {}),
  };
}

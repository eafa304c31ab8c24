import { useState } from "react";
import type { Annotation } from "../../../shared/contracts/annotations";
import { newRequestId } from "../../lib/request-id";
import type { AnnotationDraft } from "./annotation-form-dialog";

/** A draft opened from outside: a new `id` opens it again. */
export interface OpenDraft {
  id: number;
  draft: AnnotationDraft & { annotationId?: string };
}

/**
 * Which of the manager's dialogs is open and what it starts from: create (from the page's button,
 * the chart or a draft from outside), edit, view and delete.
 */
export function useAnnotationDialogs({
  annotations,
  isLoading,
  createOpen,
  onCreateOpenChange,
  openDraft,
}: {
  /** The latest list, not the deferred one: an edit from outside waits for its annotation. */
  annotations: Annotation[];
  isLoading: boolean;
  createOpen: boolean;
  onCreateOpenChange: (open: boolean) => void;
  openDraft: OpenDraft | null;
}) {
  const [editing, setEditing] = useState<Annotation | null>(null);
  const [deleting, setDeleting] = useState<Annotation | null>(null);
  const [createKey, setCreateKey] = useState(0);
  // A new annotation started from the chart: a day, perhaps with a draft title.
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const [viewing, setViewing] = useState<Annotation | null>(null);
  // The fields an edit opened from outside starts from, instead of the annotation's own.
  const [editDraft, setEditDraft] = useState<AnnotationDraft | undefined>(undefined);
  const creating = createOpen || draft !== null;
  // Our id for the annotation being created, sent with every attempt at it: a double submit or a
  // retry after a lost answer carries the same id, so the server never makes it twice. Closing the
  // dialog (a successful create closes it too) or starting one from the chart begins a new one.
  const [createRequestId, setCreateRequestId] = useState(newRequestId);
  // A draft opened from outside, once per id (set while rendering, as React advises for state
  // that follows a prop); an edit waits for the list that holds its annotation.
  const [openedDraftId, setOpenedDraftId] = useState<number | null>(null);
  if (openDraft && openDraft.id !== openedDraftId) {
    const { annotationId, ...fields } = openDraft.draft;
    const target = annotationId
      ? annotations.find((a) => a.annotationId === annotationId)
      : undefined;
    if (!annotationId || target || !isLoading) setOpenedDraftId(openDraft.id);
    if (target) {
      setEditDraft(fields);
      setEditing(target);
    } else if (!annotationId) {
      setCreateRequestId(newRequestId());
      setCreateKey((key) => key + 1);
      setDraft(fields);
    }
  }

  function startCreate(next: AnnotationDraft) {
    setCreateRequestId(newRequestId());
    setCreateKey((key) => key + 1);
    setDraft(next);
  }

  function closeCreate() {
    setCreateRequestId(newRequestId());
    setDraft(null);
    onCreateOpenChange(false);
  }

  /** A chart marker: its edit dialog where the person may edit it, its details otherwise. */
  function openAnnotation(annotation: Annotation, canEdit: boolean) {
    if (canEdit && !annotation.systemGenerated) setEditing(annotation);
    else setViewing(annotation);
  }

  function closeEdit() {
    setEditing(null);
    setEditDraft(undefined);
  }

  return {
    creating,
    createKey,
    draft,
    createRequestId,
    editing,
    editDraft,
    viewing,
    deleting,
    startCreate,
    openAnnotation,
    closeCreate,
    /** A create the server refused: the next attempt is a new request. */
    renewCreateRequest: () => setCreateRequestId(newRequestId()),
    bumpCreateKey: () => setCreateKey((key) => key + 1),
    setEditing,
    closeEdit,
    setViewing,
    setDeleting,
  };
}

export type AnnotationDialogs = ReturnType<typeof useAnnotationDialogs>;

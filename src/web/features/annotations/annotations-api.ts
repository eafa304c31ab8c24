import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type {
  Annotation,
  AnnotationListResponse,
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations";
import type {
  AnnotationDeleteResponse,
  AnnotationHistoryResponse,
  AnnotationWriteResponse,
  UndoChangeResponse,
} from "../../../shared/contracts/annotation-history";
import { toast } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { currentUserQueryKey } from "../../session/current-user";

/** Every view of All annotations (its pages, filters and orders). */
export const allAnnotationsQueryKeyRoot = ["/api/annotations", "all"] as const;

export function annotationsQueryKey(propertyId: string) {
  return ["/api/annotations", propertyId] as const;
}

export function annotationsPath(propertyId: string, annotationId?: string): string {
  const base = `/api/annotations/${encodeURIComponent(propertyId)}`;
  return annotationId === undefined ? base : `${base}/${encodeURIComponent(annotationId)}`;
}

const noAnnotations: Annotation[] = [];

/**
 * The selected property's annotations, newest first as the server sends them. No
 * property means an empty list; a failed load shows 'Error loading annotations' and an empty list.
 */
export function useAnnotations(propertyId: string) {
  const query = useQuery({
    queryKey: annotationsQueryKey(propertyId),
    queryFn: ({ signal }) =>
      apiRequest<AnnotationListResponse>(annotationsPath(propertyId), { signal }),
    meta: { path: annotationsPath(propertyId) },
    select: (data) => data.reportingDataAnnotations,
    enabled: propertyId !== "",
    retry: false,
  });
  const { error } = query;

  useEffect(() => {
    if (!error) return;
    toast({
      variant: "destructive",
      title: "Error loading annotations",
      description:
        serverErrorMessage(error) ??
        "Failed to fetch annotations. Please check your property ID and permissions.",
    });
  }, [error]);

  return {
    annotations: propertyId === "" || query.isError ? noAnnotations : (query.data ?? noAnnotations),
    isLoading: propertyId !== "" && query.isPending,
  };
}

function updateCachedList(
  queryClient: ReturnType<typeof useQueryClient>,
  propertyId: string,
  update: (list: Annotation[]) => Annotation[],
): void {
  queryClient.setQueryData<AnnotationListResponse>(annotationsQueryKey(propertyId), (previous) =>
    previous ? { reportingDataAnnotations: update(previous.reportingDataAnnotations) } : previous,
  );
}

/** An annotation's changes, kept apart from the list's key so refreshing one never reloads the other. */
export function annotationHistoryQueryKey(propertyId: string, annotationId?: string) {
  return annotationId === undefined
    ? (["annotation-history", propertyId] as const)
    : (["annotation-history", propertyId, annotationId] as const);
}

/** A write's answer as the list keeps it: without the change id it carries for an Undo. */
function listed({ changeId: _change, ...annotation }: AnnotationWriteResponse): Annotation {
  return annotation;
}

/**
 * The person's changes to one annotation, newest first, with their names for the categories the
 * changes name; read from Tidemark only, not Google.
 */
export function useAnnotationHistory(propertyId: string, annotationId: string) {
  const path = `${annotationsPath(propertyId, annotationId)}/history`;
  return useQuery({
    queryKey: annotationHistoryQueryKey(propertyId, annotationId),
    queryFn: ({ signal }) => apiRequest<AnnotationHistoryResponse>(path, { signal }),
    meta: { path },
    retry: false,
  });
}

/**
 * What an undo or a restore left, in the caches that show it: the property's list (an annotation
 * put back replaces or rejoins its row, one removed leaves it), its histories, and All annotations.
 */
export function applyChangeAnswer(
  queryClient: ReturnType<typeof useQueryClient>,
  propertyId: string,
  { change, annotation }: UndoChangeResponse,
): void {
  updateCachedList(queryClient, propertyId, (list) => {
    const others = list.filter((entry) => entry.annotationId !== change.annotationId);
    if (!annotation) return others;
    const at = list.findIndex((entry) => entry.annotationId === annotation.annotationId);
    if (at === -1) return [annotation, ...others];
    return list.map((entry, index) => (index === at ? annotation : entry));
  });
  void queryClient.invalidateQueries({ queryKey: annotationHistoryQueryKey(propertyId) });
  void queryClient.invalidateQueries({ queryKey: allAnnotationsQueryKeyRoot });
}

/** Each write costs one Google call; the cached list is updated from the answer, never refetched. */
export function useCreateAnnotation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAnnotationRequest) =>
      apiRequest<AnnotationWriteResponse>(annotationsPath(propertyId), { method: "POST", body }),
    onSuccess: (created) => {
      updateCachedList(queryClient, propertyId, (list) => [listed(created), ...list]);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: () => {
      // A refused create may mean the day's quota is spent: show the card's real count.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** An edit of one annotation: which, and the fields that change. */
export interface AnnotationEdit {
  annotationId: string;
  changes: UpdateAnnotationRequest;
}

/** Sends an edit's changes to `path`: the annotation's own address, or a sub-resource of it. */
export function patchChanges<Answer>(path: string, changes: UpdateAnnotationRequest) {
  return apiRequest<Answer>(path, { method: "PATCH", body: changes });
}

export function useUpdateAnnotation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ annotationId, changes }: AnnotationEdit) =>
      patchChanges<AnnotationWriteResponse>(annotationsPath(propertyId, annotationId), changes),
    onSuccess: (updated) => {
      updateCachedList(queryClient, propertyId, (list) =>
        list.map((entry) =>
          entry.annotationId === updated.annotationId ? listed(updated) : entry,
        ),
      );
      void queryClient.invalidateQueries({
        queryKey: annotationHistoryQueryKey(propertyId, updated.annotationId),
      });
    },
  });
}

export function useDeleteAnnotation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (annotationId: string) =>
      apiRequest<AnnotationDeleteResponse>(annotationsPath(propertyId, annotationId), {
        method: "DELETE",
      }),
    onSuccess: (_, annotationId) => {
      updateCachedList(queryClient, propertyId, (list) =>
        list.filter((entry) => entry.annotationId !== annotationId),
      );
    },
  });
}

/**
 * Undoes one of the person's changes (decision 0039). The list is updated from the answer: an
 * annotation put back replaces or rejoins its row, one the undo deleted leaves it. The undo of a
 * create is sent with `confirm` only after the person said yes.
 */
export function useUndoChange(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      changeId,
      requestId,
      confirm,
    }: {
      changeId: string;
      requestId: string;
      confirm?: boolean;
    }) =>
      apiRequest<UndoChangeResponse>(
        `${annotationsPath(propertyId)}/changes/${encodeURIComponent(changeId)}/undo`,
        { method: "POST", body: { requestId, ...(confirm ? { confirm } : {}) } },
      ),
    onSuccess: (answer) => {
      applyChangeAnswer(queryClient, propertyId, answer);
      // Making a deleted annotation again counts against the day's allowance.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

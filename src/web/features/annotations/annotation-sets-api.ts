import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AnnotationCopiesResponse,
  CreateOnPropertiesRequest,
  PropertyOutcome,
  SetWriteResponse,
} from "../../../shared/contracts/annotation-sets";
import { apiRequest } from "../../lib/api-client";
import { currentUserQueryKey } from "../../session/current-user";
import {
  annotationHistoryQueryKey,
  annotationsPath,
  annotationsQueryKey,
  patchChanges,
  type AnnotationEdit,
} from "./annotations-api";

/**
 * One annotation on several properties and its copies (decision 0058). Loaded with the dialogs,
 * never on the first screen.
 */

export function annotationCopiesQueryKey(propertyId: string, annotationId: string) {
  return ["annotation-copies", propertyId, annotationId] as const;
}

/** The annotation's copies on the person's other saved properties, by name. */
export function useAnnotationCopies(propertyId: string, annotationId: string) {
  const path = `${annotationsPath(propertyId, annotationId)}/copies`;
  return useQuery({
    queryKey: annotationCopiesQueryKey(propertyId, annotationId),
    queryFn: ({ signal }) => apiRequest<AnnotationCopiesResponse>(path, { signal }),
    meta: { path },
    select: (data) => data.copies,
    enabled: propertyId !== "" && annotationId !== "",
    retry: false,
  });
}

/** Each property a set write touched shows Google's list again; the allowance card recounts. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return ({ outcomes }: SetWriteResponse) => {
    for (const outcome of outcomes) {
      if (outcome.status !== "done") continue;
      void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(outcome.propertyId) });
      void queryClient.invalidateQueries({
        queryKey: annotationHistoryQueryKey(outcome.propertyId),
      });
    }
    void queryClient.invalidateQueries({ queryKey: ["annotation-copies"] });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

export function useCreateOnProperties() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CreateOnPropertiesRequest) =>
      apiRequest<SetWriteResponse>("/api/annotation-sets", { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useUpdateWithCopies(propertyId: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ annotationId, changes }: AnnotationEdit) =>
      patchChanges<SetWriteResponse>(
        `${annotationsPath(propertyId, annotationId)}/with-copies`,
        changes,
      ),
    onSuccess: refresh,
  });
}

export function useRemoveWithCopies(propertyId: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (annotationId: string) =>
      apiRequest<SetWriteResponse>(`${annotationsPath(propertyId, annotationId)}/with-copies`, {
        method: "DELETE",
      }),
    onSuccess: refresh,
  });
}

/** Whether any property's write landed: the toast is then a success, whatever else failed. */
export function anyDone(outcomes: readonly PropertyOutcome[]): boolean {
  return outcomes.some((outcome) => outcome.status === "done");
}

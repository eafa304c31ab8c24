import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type {
  Annotation,
  AnnotationListResponse,
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations";
import { toast } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { currentUserQueryKey } from "../../session/current-user";

export function annotationsQueryKey(propertyId: string) {
  return ["/api/annotations", propertyId] as const;
}

function annotationsPath(propertyId: string, annotationId?: string): string {
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

/** Each write costs one Google call; the cached list is updated from the answer, never refetched. */
export function useCreateAnnotation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAnnotationRequest) =>
      apiRequest<Annotation>(annotationsPath(propertyId), { method: "POST", body }),
    onSuccess: (created) => {
      updateCachedList(queryClient, propertyId, (list) => [created, ...list]);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: () => {
      // A refused create may mean the day's quota is spent: show the card's real count.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

export function useUpdateAnnotation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      annotationId,
      changes,
    }: {
      annotationId: string;
      changes: UpdateAnnotationRequest;
    }) =>
      apiRequest<Annotation>(annotationsPath(propertyId, annotationId), {
        method: "PATCH",
        body: changes,
      }),
    onSuccess: (updated) => {
      updateCachedList(queryClient, propertyId, (list) =>
        list.map((entry) => (entry.annotationId === updated.annotationId ? updated : entry)),
      );
    },
  });
}

export function useDeleteAnnotation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (annotationId: string) =>
      apiRequest<{ deleted: true }>(annotationsPath(propertyId, annotationId), {
        method: "DELETE",
      }),
    onSuccess: (_, annotationId) => {
      updateCachedList(queryClient, propertyId, (list) =>
        list.filter((entry) => entry.annotationId !== annotationId),
      );
    },
  });
}

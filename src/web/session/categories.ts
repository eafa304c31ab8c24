import { useQuery } from "@tanstack/react-query";
import type { CategoryListResponse } from "../../shared/contracts/categories";
import { apiRequest } from "../lib/api-client";

export const categoriesQueryKey = ["/api/categories"] as const;

/**
 * The person's categories, ordered by name as the server sends them. Premium only: asked for
 * only while `enabled` (on /categories, or while an annotation dialog is open), never retried.
 */
export function useCategories({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => apiRequest<CategoryListResponse>(categoriesQueryKey[0], { signal }),
    meta: { path: categoriesQueryKey[0] },
    select: (data) => data.categories,
    enabled,
    retry: false,
  });
}

/** How many annotations each category holds, by id: the same request as `useCategories`. */
export function useCategoryAnnotationCounts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => apiRequest<CategoryListResponse>(categoriesQueryKey[0], { signal }),
    meta: { path: categoriesQueryKey[0] },
    select: (data) => data.annotationCounts,
    enabled,
    retry: false,
  });
}

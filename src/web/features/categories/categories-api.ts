import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Category,
  CategoryDeletedResponse,
  CategoryListResponse,
  CreateCategoryRequest,
  UpdateCategoryRequest,
} from "../../../shared/contracts/categories";
import { apiRequest } from "../../lib/api-client";

export const categoriesQueryKey = ["/api/categories"] as const;

function categoryPath(id: string): string {
  return `${categoriesQueryKey[0]}/${encodeURIComponent(id)}`;
}

/**
 * The person's categories, ordered by name as the server sends them. Premium only: asked for
 * only while `enabled` (on /categories, or while an annotation dialog is open), never retried.
 */
export function useCategories({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => apiRequest<CategoryListResponse>(categoriesQueryKey[0], { signal }),
    select: (data) => data.categories,
    enabled,
    retry: false,
  });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCategoryRequest) =>
      apiRequest<Category>(categoriesQueryKey[0], { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCategoryRequest }) =>
      apiRequest<Category>(categoryPath(id), { method: "PATCH", body: changes }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<CategoryDeletedResponse>(categoryPath(id), { method: "DELETE" }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
      // Annotations linked to it lose their category: lists already loaded must show that.
      return queryClient.invalidateQueries({ queryKey: ["/api/annotations"] });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  Category,
  CategoryDeletedResponse,
  CreateCategoryRequest,
  RecommendedCategoriesResponse,
  UpdateCategoryRequest,
} from "../../../shared/contracts/categories";
import { apiRequest } from "../../lib/api-client";
import { categoriesQueryKey } from "../../session/categories";

function categoryPath(id: string): string {
  return `${categoriesQueryKey[0]}/${encodeURIComponent(id)}`;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCategoryRequest) =>
      apiRequest<Category>(categoriesQueryKey[0], { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

/** Adds the five recommended categories the person does not have yet, in one request. */
export function useAddRecommendedCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<RecommendedCategoriesResponse>(`${categoriesQueryKey[0]}/recommended`, {
        method: "POST",
      }),
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

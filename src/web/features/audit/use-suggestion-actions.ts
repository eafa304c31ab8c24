import type { AuditSuggestion } from "../../../shared/contracts/audits";
import type { Category } from "../../../shared/contracts/categories";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useCreateSuggestedCategory, useUpdateSuggestion } from "./audits-api";
import type { SuggestionActions } from "./suggestion-card";

/** What a suggestion card can do to its suggestion, each saying in a toast when it did not work. */
export function useSuggestionActions(
  auditId: string,
  ownCategories: Category[],
): SuggestionActions {
  const update = useUpdateSuggestion(auditId);
  const createCategory = useCreateSuggestedCategory();

  const change = async (
    suggestion: AuditSuggestion,
    body: Parameters<typeof update.mutateAsync>[0]["change"],
    success?: string,
  ): Promise<boolean> => {
    try {
      await update.mutateAsync({ suggestionId: suggestion.id, change: body });
      if (success) toast({ title: success });
      return true;
    } catch (error) {
      toast({
        title: "Failed to update suggestion",
        description: serverErrorMessage(error) ?? "Please try again.",
        variant: "destructive",
      });
      return false;
    }
  };

  return {
    busy: update.isPending || createCategory.isPending,
    decide: (suggestion: AuditSuggestion, status: "accepted" | "rejected") => {
      if (suggestion.status !== status) void change(suggestion, { status });
    },
    saveEdit: (suggestion: AuditSuggestion, title: string, description: string) =>
      change(suggestion, { modifiedTitle: title, modifiedDescription: description }, "Updated"),
    createCategory: (suggestion: AuditSuggestion) =>
      void (async () => {
        let category: Category;
        try {
          category = await createCategory.mutateAsync({
            name: suggestion.suggestedCategoryName!,
            color: suggestion.suggestedCategoryColor ?? suggestion.suggestedColor ?? "BLUE",
            description: suggestion.suggestedCategoryDescription,
          });
        } catch (error) {
          // The person may already have made it: link the one they have.
          const existing = ownCategories.find(
            (c) => c.name.toLowerCase() === suggestion.suggestedCategoryName!.toLowerCase(),
          );
          if (!existing) {
            toast({
              title: "Failed to create category",
              description: serverErrorMessage(error) ?? "Please try again.",
              variant: "destructive",
            });
            return;
          }
          category = existing;
        }
        await change(
          suggestion,
          { modifiedCategoryId: category.id },
          "Category created and linked",
        );
      })(),
  };
}

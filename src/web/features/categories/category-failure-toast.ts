import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";

export function failureToast(title: string, error: unknown): void {
  toast({
    variant: "destructive",
    title,
    description: serverErrorMessage(error) ?? "Please try again.",
  });
}

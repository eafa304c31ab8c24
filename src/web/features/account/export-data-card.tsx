import { Download, Loader2 } from "lucide-react";
import { TitledCard } from "../../components/titled-card";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useExportAccount } from "./account-api";

/** A copy of everything Tidemark keeps about the person, as one JSON file. */
export function ExportDataCard() {
  const exportData = useExportAccount();

  function handleExport() {
    exportData.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Export downloaded", description: "Your data is in the JSON file." }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Export failed",
          description: serverErrorMessage(error) ?? "Please try again.",
        }),
    });
  }

  return (
    <TitledCard
      title="Your data"
      description="Download everything Tidemark stores about you as one JSON file: your account and plan, saved properties, categories, audits with their suggestions, and your conversations with the assistant. Google tokens and other secrets are never included. Annotations themselves are kept by Google Analytics."
    >
      <Button
        variant="outline"
        onClick={handleExport}
        disabled={exportData.isPending}
        aria-busy={exportData.isPending || undefined}
      >
        {exportData.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Download aria-hidden="true" />
        )}
        Export my data
      </Button>
    </TitledCard>
  );
}

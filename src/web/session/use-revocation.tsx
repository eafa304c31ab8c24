import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { toast } from "../components/ui/use-toast";
import { serverErrorMessage } from "../lib/api-error-message";

/**
 * Revoking something secret a person made (a token, a connected app, a feed): they ask, a
 * confirmation names it and says what stops, then it is revoked, the list read again and a toast
 * says so. One flow, so every list of secrets asks and answers alike.
 */
export function useRevocation<Item extends { name: string }>(options: {
  /** The list the item is in, read again once it is revoked. */
  listKey: QueryKey;
  revoke: (item: Item) => Promise<unknown>;
  /** The confirmation's sentence: what stops, and whether it can be had again. */
  description: string;
  /** The confirm button: 'Revoke token'. */
  confirmLabel: string;
  /** The toast once done: its title and sentence. */
  done: (item: Item) => { title: string; description: string };
}): { ask: (item: Item) => void; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Item | null>(null);
  const revoke = useMutation({
    mutationFn: (item: Item) => options.revoke(item),
    onSuccess: async (_answer, item) => {
      toast(options.done(item));
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: options.listKey });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Could not revoke",
        description: serverErrorMessage(error) ?? "Please try again.",
      }),
  });
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => !open && setAsking(null)}
      title={`Revoke ${asking?.name ?? "it"}?`}
      description={options.description}
      confirmLabel={options.confirmLabel}
      destructive
      pending={revoke.isPending}
      onConfirm={() => asking && revoke.mutate(asking)}
    />
  );
  return { ask: setAsking, dialog };
}

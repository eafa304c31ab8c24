import { useMutation } from "@tanstack/react-query";
import { accountExportFileName } from "../../../shared/contracts/account";
import { apiRequest } from "../../lib/api-client";

/**
 * POST /api/account/export, saved as a file. A POST (not a link) so that only our own pages can
 * ask for it; the browser then saves what it received under the file name the server gives too.
 */
export async function downloadAccountExport(): Promise<void> {
  const data = await apiRequest<{ exportedAt?: unknown }>("/api/account/export", {
    method: "POST",
  });
  const day =
    typeof data.exportedAt === "string"
      ? data.exportedAt.slice(0, 10)
      : new Date().toISOString().slice(0, 10);
  const file = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = accountExportFileName(day);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is only needed for that.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function useExportAccount() {
  return useMutation({ mutationFn: downloadAccountExport });
}

/** POST /api/account/delete: deletes everything; the typed address must be the account's. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmEmail: string) =>
      apiRequest("/api/account/delete", { method: "POST", body: { confirmEmail } }),
  });
}

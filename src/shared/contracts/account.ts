import { z } from "zod";
import { cleanText } from "./clean-text.js";

/**
 * POST /api/account/delete. The person types their email address to confirm; it must match the
 * signed-in account's address (compared trimmed and case-insensitively) or nothing is deleted.
 */
export const deleteAccountRequest = z.object({
  confirmEmail: cleanText({
    label: "Email address",
    maxLength: 254,
    required: "Type your email address to confirm",
  }).transform((email) => email.toLowerCase()),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

/** The refusal when the typed address is not the account's; the form shows the same words. */
export const confirmEmailMismatchMessage =
  "That is not the email address of this account. Nothing was deleted.";

/** The export file's name: the day it was made, so several exports sort by date. */
export function accountExportFileName(day: string): string {
  return `tidemark-export-${day}.json`;
}

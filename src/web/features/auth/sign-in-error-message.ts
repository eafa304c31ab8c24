/**
 * Sign-in failures arrive as /login?error=<code>: from Google (access_denied when the person
 * cancels), from Better Auth (INVALID_TOKEN, for a bad verification token) or from our own routes.
 * An email link's own problems are explained on the continue page it opens.
 * Codes are matched case-insensitively; anything unknown gets the general message.
 */
export const signInErrorMessages = {
  invalidLink: "That sign-in link has expired or was already used. Request a new one.",
  googleCancelled: "Google sign-in was cancelled.",
  general: "Sign-in failed. Please try again.",
} as const;

const messagesByCode: Record<string, string> = {
  invalid_token: signInErrorMessages.invalidLink,
  expired_token: signInErrorMessages.invalidLink,
  access_denied: signInErrorMessages.googleCancelled,
};

export function signInErrorMessage(code: string | null): string | null {
  if (code === null || code.trim() === "") return null;
  return messagesByCode[code.trim().toLowerCase()] ?? signInErrorMessages.general;
}

export const continueSignInCopy = {
  title: "Sign in to Tidemark",
  /** The title when the link creates the account (it came from signing up). */
  createTitle: "Create your account",
  /** The same, for the browser tab. */
  documentTitle: "Sign in · Tidemark",
  createDocumentTitle: "Create your account · Tidemark",
  forNewAccount: "This link creates your Tidemark account for",
  checking: "Checking your sign-in link...",
  checkingButton: "Checking...",
  signingIn: "Signing in...",
  forAccount: "This link signs you in to the Tidemark account for",
  switchTitle: "Switch accounts?",
  alreadySignedIn: "You're already signed in. Taking you to Tidemark...",
  incompleteTitle: "This sign-in link is incomplete",
  incomplete:
    "The address is missing part of the link. Open the link from the email again, or request a new one.",
  unusableTitle: "This sign-in link can't be used",
  checkFailed: "We couldn't check this sign-in link. Please try again.",
  signInFailed: "We couldn't sign you in. Please try again.",
  requestNewLink: "Request a new link",
  notRequested: "Didn't ask for this link? Close this page: nothing happens until you continue.",
} as const;

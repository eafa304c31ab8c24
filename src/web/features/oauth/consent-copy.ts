export const consentCopy = {
  title: (app: string) => `Allow ${app} to use your Tidemark account?`,
  signInTitle: "Sign in to connect an app",
  signIn:
    "An AI app is asking to use your Tidemark account. Sign in in the new tab, then come back to this one: it continues on its own.",
  mayDo: "It will be able to:",
  writeOff:
    "What you leave unticked stays off. You can narrow a connected app to reading at any time under Account → Connected apps.",
  noneChosen: "Tick at least one thing the app may do, or press Deny.",
  deletions:
    "Deletions always wait for you: you see what would be deleted and approve it, in the app or in Tidemark.",
  revoke: "You can disconnect it at any time under Account → Connected apps.",
  expiredTitle: "This request has expired",
  elsewhereTitle: "This link cannot be used in this browser",
  expired: "Start connecting again from your AI app.",
  leaving: (app: string) => `Taking you back to ${app}…`,
};

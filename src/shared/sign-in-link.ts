/**
 * Where a sign-in link from an email lands: a page that says whose account it opens and signs in
 * only when the person presses Continue there. Opening the link changes nothing. (No zod here:
 * the web app's every page imports its route paths.)
 */
export const continueSignInPath = "/login/continue";

/** How long an emailed sign-in link works. The server's expiry and every sentence about it use this. */
export const signInLinkLifetimeMinutes = 15;
export const signInLinkLifetimeSeconds = signInLinkLifetimeMinutes * 60;
/** "15 minutes", for copy: the email, the check-your-inbox notice and the expired-link message. */
export const signInLinkLifetimeText = `${signInLinkLifetimeMinutes} minutes`;

/** Where logging out lands: the landing page, told to say the person is logged out. */
export const loggedOutParameter = "logged-out";
export const loggedOutPath = `/?${loggedOutParameter}=1`;

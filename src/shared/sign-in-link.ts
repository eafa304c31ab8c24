/**
 * Where a sign-in link from an email lands: a page that says whose account it opens and signs in
 * only when the person presses Continue there. Opening the link changes nothing. (No zod here:
 * the web app's every page imports its route paths.)
 */
export const continueSignInPath = "/login/continue";

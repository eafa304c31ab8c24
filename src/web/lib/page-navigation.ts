/**
 * Full page loads, for addresses the server answers (sign-in with Google, logout). Kept behind
 * one function so tests can replace it: jsdom cannot navigate.
 */
export function loadServerPage(path: string): void {
  window.location.assign(path);
}

/**
 * A full page load that takes the current page's place in history, for leaving a page that must
 * not be come back to (a used sign-in link): everything the previous account had loaded is gone.
 */
export function replaceWithServerPage(path: string): void {
  window.location.replace(path);
}

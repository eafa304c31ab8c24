/**
 * Full page loads, for addresses the server answers (sign-in with Google, logout). Kept behind
 * one function so tests can replace it: jsdom cannot navigate.
 */
export function loadServerPage(path: string): void {
  window.location.assign(path);
}

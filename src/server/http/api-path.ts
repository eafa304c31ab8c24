/** True for the API's own addresses; every other path belongs to the web app. */
export function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

import type { CurrentUser } from "./auth.js";

/**
 * A signed-in page drawn on the server carries the facts it was drawn with, as JSON in a
 * <script type="application/json"> with this id, so the browser's first render starts from the
 * same facts and hydrates the HTML instead of asking the server again.
 */
export const firstRenderDataId = "first-render-data";

export interface FirstRenderData {
  /** The signed-in person, as GET /api/auth/user answers. */
  user: CurrentUser;
  /** API answers the page was drawn with, by the browser's query key. */
  queries: { key: readonly unknown[]; data: unknown }[];
}

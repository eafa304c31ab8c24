import { z } from "zod";
import { cleanText } from "./clean-text.js";
import { propertyId } from "./annotations.js";

export const feedNameMaxLength = 100;

/** Where a feed is read: `/api/feeds/<token>.csv`. The token is the only secret. */
export function feedPath(token: string): string {
  return `/api/feeds/${token}.csv`;
}

/** POST /api/account/feeds */
export const createFeedRequest = z.strictObject({
  name: cleanText({ label: "Feed name", maxLength: feedNameMaxLength, required: true }),
  propertyIds: z
    .array(propertyId, { message: "Choose the properties the feed shows" })
    .min(1, { message: "Choose at least one property" })
    .max(50, { message: "A feed shows at most 50 properties" })
    .transform((ids) => [...new Set(ids)]),
});
export type CreateFeedRequest = z.input<typeof createFeedRequest>;

/** A feed as the person sees it: never its address, which holds the token. */
export interface FeedSummary {
  id: string;
  name: string;
  /** The token's first characters, to tell feeds apart. */
  prefix: string;
  propertyIds: string[];
  /** ISO 8601. */
  createdAt: string;
  lastReadAt: string | null;
}

export interface FeedListResponse {
  feeds: FeedSummary[];
}

/** The answer to a create: the only time the feed's address is ever sent. */
export interface CreatedFeedResponse {
  /** The full address, on this app's origin. */
  url: string;
  feed: FeedSummary;
}

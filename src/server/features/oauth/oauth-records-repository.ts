import type { Db } from "../../db/database.js";
import { createConnectedAppSettingsRows } from "./connected-app-settings-rows.js";
import { createOAuthAdapterRows } from "./oauth-adapter-rows.js";
import { createOAuthGrantReads, createOAuthGrantRevokes } from "./oauth-grant-rows.js";

export { hashOAuthSecret } from "./oauth-adapter-rows.js";
export type { GrantRow } from "./oauth-grant-rows.js";

/**
 * oidc-provider's storage, one adapter per model name over one table. Expired rows read as
 * missing (and are swept by `deleteExpired`), so a token's lifetime is the database's word on
 * every instance alike.
 */
export function createOAuthRecordsRepository(db: Db, now: () => Date = () => new Date()) {
  return {
    ...createOAuthAdapterRows(db, now),
    ...createOAuthGrantReads(db, now),
    ...createOAuthGrantRevokes(db),
    ...createConnectedAppSettingsRows(db, now),
  };
}

export type OAuthRecordsRepository = ReturnType<typeof createOAuthRecordsRepository>;

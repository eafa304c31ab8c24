/**
 * Every table of the database, and what it holds about a person: exported (the key it takes in
 * the export file, and the columns left out, each with why) or excluded (and why). Deleting an
 * account removes the person's rows from all of them, excluded ones included (see
 * account-repository.ts). A test fails when a table appears that is not listed here, so a new
 * table holding personal data cannot be forgotten by the export or the deletion.
 */
export type PersonalDataEntry =
  | {
      /** Where the rows appear in the export file. */
      exportedAs: string;
      /** Columns (database names) left out of the export, each with the reason. */
      omitted: Record<string, string>;
    }
  | { excluded: string };

const secret =
  "a secret: whoever holds it can act as you at Google or here, so it never leaves the server";

export const personalData = {
  users: {
    exportedAs: "account",
    omitted: { google_access_token: secret, google_refresh_token: secret },
  },
  accounts: {
    exportedAs: "signInMethods",
    omitted: {
      access_token: secret,
      refresh_token: secret,
      id_token: secret,
      password: "never set (Tidemark has no passwords); a password hash would be a secret",
    },
  },
  sessions: {
    exportedAs: "sessions",
    omitted: { token: secret },
  },
  properties: { exportedAs: "savedProperties", omitted: {} },
  annotation_categories: { exportedAs: "categories", omitted: {} },
  annotation_metadata: { exportedAs: "annotationCategoryAssignments", omitted: {} },
  annotation_events: { exportedAs: "annotationChanges", omitted: {} },
  annotation_create_requests: { exportedAs: "annotationCreateRequests", omitted: {} },
  shared_annotation_metadata: {
    excluded:
      "where an annotation in Google Analytics came from and when it was added through Tidemark, " +
      "the same for everyone who can see it; it names no person and stays with the annotation",
  },
  annotation_set_members: {
    excluded:
      "which annotations in Google Analytics are copies of one another on several properties; " +
      "it names no person and stays with the annotations, as they stay in Google",
  },
  annotation_audit_sessions: {
    exportedAs: "audits",
    omitted: {
      error_stack:
        "a stack trace of our server code, kept for our debugging; the error message is exported",
    },
  },
  annotation_suggestions: { exportedAs: "audits[].suggestions", omitted: {} },
  chat_sessions: { exportedAs: "chats", omitted: {} },
  chat_messages: { exportedAs: "chats[].messages", omitted: {} },
  dismissed_traffic_changes: { exportedAs: "dismissedTrafficChanges", omitted: {} },
  inbox_suggestions: {
    exportedAs: "inboxDecisions",
    omitted: {},
  },
  inbox_hooks: {
    exportedAs: "webhooks",
    omitted: {
      sealed_secret:
        "a webhook's signing secret: whoever holds it can post releases to the property's inbox",
    },
  },
  inbox_rules: { exportedAs: "inboxRules", omitted: {} },
  inbox_cursors: {
    excluded:
      "where each suggestion source stopped reading a GA4 property; it names no person and goes " +
      "once no account has the property saved",
  },
  inbox_hook_deliveries: { exportedAs: "webhookDeliveries", omitted: {} },
  inbox_holiday_calendars: {
    excluded:
      "the public-holiday country a GA4 property follows; it names no person and goes once no " +
      "account has the property saved",
  },
  api_tokens: {
    exportedAs: "apiTokens",
    omitted: {
      token_hash:
        "a hash of the token, which is never stored itself; it is of no use outside Tidemark's check",
    },
  },
  annotation_feeds: {
    exportedAs: "annotationFeeds",
    omitted: {
      token_hash:
        "a hash of the feed address's token, which is never stored itself; it is of no use outside Tidemark's check",
    },
  },
  annotation_imports: { exportedAs: "annotationImports", omitted: {} },
  api_idempotency_keys: {
    exportedAs: "apiTokenReplays",
    omitted: {
      idempotency_key:
        "the value a program chose to name its request; programs often use random values they treat as secrets",
      request_hash: "a fingerprint of the request, meaningful only to Tidemark's comparison",
    },
  },
  annotation_list_cache: {
    excluded:
      "a copy of your properties' annotation lists as Google Analytics answered them, kept at most " +
      "ten minutes to spare Google's quota; the annotations are Google's and stay in Google " +
      "Analytics, and your categories for them are exported with annotationCategoryAssignments",
  },
  traffic_report_cache: {
    excluded:
      "a copy of Google Analytics report numbers kept at most ten minutes to spare Google's quota; " +
      "the data is Google's and stays available in Google Analytics",
  },
  verifications: {
    excluded:
      "sign-in links (stored only as hashes) and OAuth state, valid for minutes; useless outside " +
      "the sign-in they belong to",
  },
  rate_limit_buckets: {
    excluded:
      "abuse counters in windows of at most a day: per client network address, or per email " +
      "address under a keyed hash (never the email itself); they say nothing about what you " +
      "stored, and the daily sweep deletes them once their window has passed",
  },
  account_tombstones: {
    excluded:
      "what outlives a deleted account so that signing up again does not reset the free plan's " +
      "limits: a keyed hash of the address (not the address), that day's counts and the locked " +
      "property id, deleted once they stop mattering; it describes no account that exists",
  },
  pending_google_revocations: {
    excluded:
      "a deleted account's Google token and the Google account it belongs to, sealed, kept " +
      "only until Google confirms revoking it (then deleted); a secret, and it belongs to no " +
      "account that exists",
  },
  oauth_records: {
    exportedAs: "connectedApps",
    omitted: {},
  },
  mcp_confirmations: { exportedAs: "appConfirmations", omitted: {} },
  connected_app_settings: { exportedAs: "connectedAppSettings", omitted: {} },
  mcp_clients: { exportedAs: "appCapabilities", omitted: {} },
} satisfies Record<string, PersonalDataEntry>;

export type PersonalDataTable = keyof typeof personalData;

/** The columns of `table` the export leaves out. */
export function omittedColumns(table: PersonalDataTable): ReadonlySet<string> {
  const entry: PersonalDataEntry = personalData[table];
  return new Set("omitted" in entry ? Object.keys(entry.omitted) : []);
}

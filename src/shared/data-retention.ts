/**
 * Lifetimes the privacy policy and terms promise. The server's session store and
 * clean-up jobs should read the same numbers, so the legal pages cannot drift from what runs.
 */
export const dataRetention = {
  /** A session cookie (and its server-side session) expires this many days after sign-in. */
  sessionLifetimeDays: 7,
  /**
   * When someone last used Tidemark is recorded at each sign-in and, while they stay signed in, by
   * a request that comes this many hours or more after the recorded time: the record is never
   * further behind than this, and browsing costs no write on every request.
   */
  activityRecordingHours: 24,
  /** Accounts with no sign-in for this many years are deleted with their data. */
  inactiveAccountDeletionYears: 2,
  /** A deletion request is carried out within this many days. */
  deletionRequestDeadlineDays: 30,
  /**
   * After someone deletes their account, the free plan's property lock is kept this many days
   * (under a keyed hash of the address), so signing up again is no way to switch property; the
   * day's annotation and assistant counts are kept until that UTC day ends.
   */
  deletedAccountLockDays: 30,
  /**
   * A deleted account's Google token is kept (encrypted) at most this many days while Google does
   * not answer our request to revoke it; it is deleted as soon as Google answers.
   */
  revokeTokenKeptDays: 3,
  /**
   * A person's most recent conversations with the assistant that are kept; starting another
   * deletes the oldest. Far more than anyone returns to (each browser tab keeps one per property),
   * and it keeps what one account can store bounded.
   */
  chatConversationsKept: 100,
  /**
   * A person's most recently dismissed unusual traffic days that are kept, over all properties;
   * dismissing another deletes the oldest, which may then be pointed out again.
   */
  dismissedTrafficDaysKept: 500,
} as const;

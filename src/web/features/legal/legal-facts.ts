/** Dates and figures the legal pages state. Retention lifetimes live in shared/data-retention.ts. */
export const legalLastUpdated = {
  /** For <time dateTime> and for reading: every date in the product is written YYYY-MM-DD. */
  isoDate: "2026-11-26",
} as const;

/** Terms §13: liability is capped at the greater of these two amounts. */
export const liabilityCap = {
  feeMonths: 12,
  minimumUsd: 100,
} as const;

/** Set by the build from LEGAL_CONTACT_EMAIL (vite.config.ts); absent in unit tests. */
declare const __LEGAL_CONTACT_EMAIL__: string | undefined;

/** The address when none is configured. */
export const defaultLegalContactEmail = "legal@tidemark.app";

/** Where privacy requests and legal notices go: LEGAL_CONTACT_EMAIL at build time, else the default. */
export const legalContactEmail =
  typeof __LEGAL_CONTACT_EMAIL__ === "string" ? __LEGAL_CONTACT_EMAIL__ : defaultLegalContactEmail;

/** Dates and figures the legal pages state. Retention lifetimes live in shared/data-retention.ts. */
export const legalLastUpdated = {
  /** Machine-readable form for <time dateTime>. */
  isoDate: "2026-11-26",
  label: "November 26, 2026",
} as const;

/** Terms §13: liability is capped at the greater of these two amounts. */
export const liabilityCap = {
  feeMonths: 12,
  minimumUsd: 100,
} as const;

/**
 * Where privacy requests and legal notices go.
 * TODO(product): confirm the production mailbox before launch.
 */
export const legalContactEmail = "legal@tidemark.app";

import { createHmac, hkdfSync } from "node:crypto";

/**
 * A stable stand-in for an email address where we must recognise the address again without
 * storing it: what outlives a deleted account, and the per-address abuse counters.
 */
export type AddressKey = (email: string) => string;

/**
 * The address as the product tells accounts apart (users.email is unique by lower-case): trimmed
 * and lower-cased, nothing more. Dots and "+tags" are kept: at most providers they name other
 * mailboxes, often other people, and folding them would hand one person's limits to another.
 */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * HMAC-SHA-256 of the normalised address, under a key derived (HKDF) from the session secret for
 * this purpose alone. Without the secret nobody can test a guessed address against it; with a
 * new secret, old keys simply stop matching (limits start afresh once).
 */
export function createAddressKey(sessionSecret: string): AddressKey {
  const key = Buffer.from(
    hkdfSync("sha256", sessionSecret, "tidemark", "address key v1", 32) as ArrayBuffer,
  );
  return (email) => createHmac("sha256", key).update(normaliseAddress(email)).digest("base64url");
}

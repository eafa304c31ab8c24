import { createHmac, timingSafeEqual } from "node:crypto";
import { memoizeRecent } from "../../caching/memoize-recent.js";

/** HMAC-SHA256 in base64 is always 44 characters ending in one "=". */
const signatureLength = 44;

/**
 * The session token in a request's Cookie header, if its signature is valid. The format is
 * Better Auth's signed cookie (`encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`):
 * reading it here, synchronously, spares every API request the library's whole endpoint pipeline.
 */
export function readSignedSessionToken(
  cookieHeader: string | undefined,
  cookieName: string,
  secret: string,
): string | null {
  const raw = cookieValue(cookieHeader, cookieName);
  return raw === null ? null : verifySignedValue(raw, secret);
}

/** The token inside one signed cookie value (still URL-encoded), or null when the signature is wrong. */
function verifySignedValue(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== signatureLength || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * readSignedSessionToken for one cookie name and secret, remembering the cookies it verified
 * recently: the answer for a value never changes, and a signed-in person sends the same cookie
 * with every request, so most requests skip the HMAC.
 */
export function createSessionTokenReader(options: {
  cookieName: string;
  secret: string;
  remember?: number;
}) {
  const verify = memoizeRecent((raw: string) => verifySignedValue(raw, options.secret), {
    size: options.remember ?? 5_000,
    remember: (token) => token !== null,
  });
  return function read(cookieHeader: string | undefined): string | null {
    const raw = cookieValue(cookieHeader, options.cookieName);
    return raw === null ? null : verify(raw);
  };
}

/** The first cookie of that exact name (still URL-encoded, quotes removed), as Better Auth reads it; null when absent. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0) continue;
    if (pair.slice(0, equals).trim() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    return value.startsWith('"') ? value.slice(1, -1) : value;
  }
  return null;
}

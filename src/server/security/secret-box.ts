import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Authenticated encryption (AES-256-GCM) for secrets stored in the database, such as Google
 * tokens. A stored value is `v1.<iv>.<tag>.<ciphertext>` in base64url; the version lets a future
 * key or algorithm change tell old values apart. A tampered value fails to open.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const version = "v1";

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("The token encryption key must be 32 bytes.");
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [tag, iv, authTag, ciphertext] = sealed.split(".");
      if (tag !== version || !iv || !authTag || ciphertext === undefined)
        throw new Error("Not a sealed value.");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(authTag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

/** Keys are configured as 32 random bytes in base64 (or base64url). */
export function parseEncryptionKey(encoded: string): Buffer {
  const key = Buffer.from(encoded, "base64");
  if (key.length !== 32)
    throw new Error("must be 32 bytes encoded in base64 (for example: openssl rand -base64 32)");
  return key;
}

import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
} from "node:crypto";
import { promisify } from "node:util";
import type { SandboxStore } from "../store/sandbox-store.js";
import { selfSignedCertificatePem } from "./self-signed-certificate.js";

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** Public JWK as served from the JWKS endpoint. */
  publicJwk: { kty: string; n: string; e: string; kid: string; alg: "RS256"; use: "sig" };
  certificatePem: string;
}

const generateRsaKeyPair = promisify(generateKeyPair);
let processKey: Promise<KeyObject> | undefined;

/**
 * The RS256 key that signs ID tokens. It lives in the store so it survives a restart (the app may
 * cache the JWKS). A new store reuses one key generated per process, which keeps tests quick.
 */
export async function loadSigningKey(store: SandboxStore, now: number): Promise<SigningKey> {
  if (!store.signingKey) {
    processKey ??= generateRsaKeyPair("rsa", { modulusLength: 2048 }).then(
      ({ privateKey }) => privateKey,
    );
    const privateKey = await processKey;
    const privateJwk = privateKey.export({ format: "jwk" }) as Record<string, unknown>;
    store.signingKey = { kid: thumbprint(privateJwk), privateJwk, createdAt: now };
    store.changed();
  }
  const { kid, privateJwk, createdAt } = store.signingKey;
  const privateKey = createPrivateKey({ key: privateJwk as never, format: "jwk" });
  const publicKey = createPublicKey(privateKey);
  const { n, e } = publicKey.export({ format: "jwk" }) as { n: string; e: string };
  const dayMs = 86_400_000;
  return {
    kid,
    privateKey,
    publicJwk: { kty: "RSA", n, e, kid, alg: "RS256", use: "sig" },
    certificatePem: selfSignedCertificatePem(privateKey, publicKey, {
      commonName: "tidemark-sandbox",
      serial: Buffer.from(kid.slice(0, 16), "utf8"),
      notBefore: new Date(createdAt - dayMs),
      notAfter: new Date(createdAt + 3650 * dayMs),
    }),
  };
}

/** RFC 7638 JWK thumbprint (hex, like Google's key ids). */
function thumbprint(jwk: Record<string, unknown>): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: "RSA", n: jwk.n });
  return createHash("sha256").update(canonical).digest("hex").slice(0, 40);
}

import { sign, type KeyObject } from "node:crypto";

/**
 * A minimal self-signed X.509 v3 certificate (SHA-256 with RSA) in PEM, so the PEM certificate
 * endpoint (`/oauth2/v1/certs`) carries real certificates like Google's, not bare public keys.
 * Only the DER needed for that is written here; nothing is parsed.
 */
export function selfSignedCertificatePem(
  privateKey: KeyObject,
  publicKey: KeyObject,
  options: { commonName: string; serial: Buffer; notBefore: Date; notAfter: Date },
): string {
  const sha256WithRsa = sequence(
    objectIdentifier("1.2.840.113549.1.1.11"),
    Buffer.from([0x05, 0x00]),
  );
  const name = sequence(
    set(sequence(objectIdentifier("2.5.4.3"), tlv(0x0c, Buffer.from(options.commonName, "utf8")))),
  );
  const toBeSigned = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(options.serial),
    sha256WithRsa,
    name,
    sequence(time(options.notBefore), time(options.notAfter)),
    name,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = sign("sha256", toBeSigned, privateKey);
  const der = sequence(
    toBeSigned,
    sha256WithRsa,
    tlv(0x03, Buffer.concat([Buffer.from([0]), signature])),
  );
  const base64 = der.toString("base64").replace(/.{64}/g, "$&\n").replace(/\n$/, "");
  return `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`;
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: number[];
  if (length < 0x80) header = [tag, length];
  else {
    const bytes: number[] = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
    header = [tag, 0x80 | bytes.length, ...bytes];
  }
  return Buffer.concat([Buffer.from(header), content]);
}

function sequence(...parts: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(parts));
}

function set(...parts: Buffer[]): Buffer {
  return tlv(0x31, Buffer.concat(parts));
}

function integer(value: Buffer): Buffer {
  // DER integers are signed: keep a positive value positive.
  return tlv(0x02, value[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}

function objectIdentifier(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128))
      chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  // UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5).
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

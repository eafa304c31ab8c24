import fc from "fast-check";
import { isIPv4 } from "node:net";
import { describe, expect, it } from "vitest";
import { clientKey, unknownClientKey } from "./client-key.js";

const group = fc.integer({ min: 0, max: 0xffff });
const groups = fc.array(group, { minLength: 8, maxLength: 8 });
const octet = fc.integer({ min: 0, max: 255 });
/** Strings made of what addresses are made of, so that many come close to one. */
const addressLike = fc.string({
  unit: fc.constantFrom(..."0123456789abcdefABCDEF:.[]% ,"),
  maxLength: 45,
});
const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join("."));

/** Every spelling of one IPv6 address a socket or a proxy might use. */
function spellings(address: number[]): string[] {
  const full = address.map((g) => g.toString(16)).join(":");
  const padded = address.map((g) => g.toString(16).padStart(4, "0")).join(":");
  // The WHATWG URL parser writes the canonical compressed form (RFC 5952): an independent oracle.
  const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
  return [full, padded.toUpperCase(), compressed, `[${compressed}]:443`, `${compressed}%eth0`];
}

const isIpv4Mapped = (address: number[]) =>
  address.slice(0, 5).every((g) => g === 0) && address[5] === 0xffff;

describe("the key a per-client limit counts against", () => {
  it("keys an IPv4 client by its address", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(clientKey("203.0.113.10")).not.toBe(clientKey("203.0.113.9"));
  });

  it("keys an IPv6 client by its /64, whatever its interface identifier", () => {
    expect(clientKey("2001:db8:0:7::1")).toBe("2001:db8:0:7::/64");
    expect(clientKey("2001:0DB8:0000:0007:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:7::/64");
    expect(clientKey("2001:db8:0:8::1")).toBe("2001:db8:0:8::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        fc.pre(!isIpv4Mapped(a));
        const sameNetwork = [...a.slice(0, 4), ...b.slice(4)];
        fc.pre(!isIpv4Mapped(sameNetwork));
        const expected = `${a
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(":")}::/64`;
        for (const spelling of [...spellings(a), ...spellings(sameNetwork)]) {
          expect(clientKey(spelling)).toBe(expected);
        }
      }),
    );
  });

  it("gives different /64s different keys, even one bit apart", () => {
    const bitInPrefix = fc.integer({ min: 0, max: 63 });
    fc.assert(
      fc.property(groups, bitInPrefix, (a, bit) => {
        const b = [...a];
        b[bit >> 4] = b[bit >> 4]! ^ (1 << (bit & 15));
        fc.pre(!isIpv4Mapped(a) && !isIpv4Mapped(b));
        expect(clientKey(spellings(a)[2])).not.toBe(clientKey(spellings(b)[2]));
      }),
    );
  });

  it("keys an IPv4-mapped IPv6 address as the IPv4 client it is", () => {
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::FFFF:cb00:7109")).toBe("203.0.113.9");
    expect(clientKey("[::ffff:203.0.113.9]:8080")).toBe("203.0.113.9");
    fc.assert(
      fc.property(ipv4, (address) => {
        const [a, b, c, d] = address.split(".").map(Number) as [number, number, number, number];
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        for (const spelling of [
          `::ffff:${address}`,
          `0:0:0:0:0:ffff:${address}`,
          `::ffff:${hex}`,
          `0000:0000:0000:0000:0000:FFFF:${hex}`,
          `[::ffff:${address}]:1234`,
        ]) {
          expect(clientKey(spelling)).toBe(address);
        }
        expect(clientKey(address)).toBe(address);
      }),
    );
  });

  it("drops a port, so a new connection is not a new client", () => {
    expect(clientKey("203.0.113.9:51234")).toBe("203.0.113.9");
    expect(clientKey("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(clientKey("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
  });

  it("puts everything that is not an address under one key", () => {
    for (const value of [
      undefined,
      "",
      "unknown",
      "example.com",
      "203.0.113.256",
      "203.0.113",
      "0203.0.113.9",
      "2001:db8::1::2",
      "2001:db8:0:0:0:0:0:0:1",
      "[203.0.113.9]",
      "203.0.113.9, 198.51.100.1",
    ]) {
      expect(clientKey(value)).toBe(unknownClientKey);
    }
  });

  it("answers any string with a short key and never throws", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), addressLike), (value) => {
        const key = clientKey(value);
        expect(
          key === unknownClientKey || isIPv4(key) || /^(?:[0-9a-f]{1,4}:){4}:\/64$/.test(key),
        ).toBe(true);
        expect(key.length).toBeLessThanOrEqual("ffff:ffff:ffff:ffff::/64".length);
      }),
    );
  });
});

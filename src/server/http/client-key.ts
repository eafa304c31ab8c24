import { isIPv4, isIPv6 } from "node:net";

/**
 * What a per-client limit counts against, given the request's client address.
 *
 * - IPv4: the address itself (`203.0.113.9`).
 * - IPv6: its /64 prefix (`2001:db8:0:7::/64`). A /64 is the smallest block handed to one home or
 *   network, and its holder can use any of its 2^64 addresses, so keying by the full address
 *   would give one client as many allowances as it cares to pick.
 * - An IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, as a dual-stack socket reports an IPv4
 *   client) is that IPv4 client, so it gets the IPv4 key.
 * - A port (`203.0.113.9:51234`, `[2001:db8::1]:443`, as some proxies write X-Forwarded-For) or a
 *   zone (`fe80::1%eth0`) is dropped: neither names another client, and a fresh port per request
 *   must not be a fresh allowance.
 * - Anything else is not an address, and all of it shares one key, so made-up values cannot mint
 *   allowances either.
 */
export function clientKey(address: string | undefined): string {
  const text = address?.trim() ?? "";
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  // Brackets hold an IPv6 address, and only that.
  if (bracketed) return isIPv6(bracketed[1]!) ? ipv6Key(bracketed[1]!) : unknownClientKey;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  const host = ipv4WithPort ? ipv4WithPort[1]! : text;
  if (isIPv4(host)) return host;
  if (isIPv6(host)) return ipv6Key(host);
  return unknownClientKey;
}

/** The one key of every client whose address could not be read. */
export const unknownClientKey = "unknown";

/** The key of an address `isIPv6` accepted. */
function ipv6Key(address: string): string {
  const zone = address.indexOf("%");
  const groups = ipv6Groups(zone === -1 ? address : address.slice(0, zone));
  const isIpv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isIpv4Mapped) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an address `isIPv6` accepted (`::` expanded, a dotted tail read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dottedTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dottedTail) {
    const [a, b, c, d] = dottedTail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dottedTail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const before = parse(head);
  if (tail === undefined) return before;
  const after = parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

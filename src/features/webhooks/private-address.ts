import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses a webhook may not reach (the SSRF guard of decision 42): anything that is
 * not a public unicast address. A webhook URL is chosen by an admin, but the server posts to it
 * from inside the hosting network, where a private address can reach the cloud metadata service,
 * the database or an internal admin panel.
 */

type Range = readonly [prefix: readonly number[], bits: number, name: string];

/** IPv4 blocks by first bytes and prefix length. */
const blockedIPv4: readonly Range[] = [
  [[0], 8, 'this network'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared (CGNAT)'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'IETF protocol assignments'],
  [[192, 0, 2], 24, 'documentation'],
  [[192, 88, 99], 24, 'relay'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'benchmarking'],
  [[198, 51, 100], 24, 'documentation'],
  [[203, 0, 113], 24, 'documentation'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

/** IPv6 blocks by first bytes and prefix length; embedded IPv4 forms are unwrapped before. */
const blockedIPv6: readonly Range[] = [
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'discard'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'],
  [[0xfc], 7, 'unique-local'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'site-local'],
  [[0xff], 8, 'multicast'],
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = Math.floor(bit / 8);
    const mask = 0x80 >> (bit % 8);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(address: string): number[] | undefined {
  if (!isIPv4(address)) return undefined;
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (zone id dropped, a dotted IPv4 tail read as its 4 bytes). */
export function parseIPv6(input: string): number[] | undefined {
  const address = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(address)) return undefined;
  let text = address;
  const tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...(parseIPv4(dotted[1] ?? '') ?? []));
    // Keep a '::' that ends right before the IPv4 part; drop a single separating ':'.
    const before = text.slice(0, dotted.index + 1);
    text = before.endsWith('::') ? before : before.slice(0, -1);
  }
  const groupsWanted = 8 - tail.length / 2;
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? 0 : groupsWanted - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...restGroups];
  if (groups.length !== groupsWanted) return undefined;
  const bytes = groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  return [...bytes, ...tail];
}

/**
 * Why this address may not be a webhook target ('loopback', 'private', …), or undefined for a
 * public address. IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, compatible
 * ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address. Anything that
 * is not an IP address at all is refused too ('not an IP address').
 */
export function blockedAddressReason(address: string): string | undefined {
  const v4 = parseIPv4(address);
  if (v4) {
    if (v4.every((byte) => byte === 255)) return 'broadcast';
    return blockedIPv4.find((range) => inRange(v4, range))?.[2];
  }
  const v6 = parseIPv6(address);
  if (!v6) return 'not an IP address';
  const firstTen = v6.slice(0, 10);
  const zeroHead = firstTen.every((byte) => byte === 0);
  if (zeroHead && v6[10] === 0 && v6[11] === 0) {
    if (v6.slice(12).every((byte) => byte === 0)) return 'unspecified';
    if (v6.slice(12, 15).every((byte) => byte === 0) && v6[15] === 1) return 'loopback';
    // IPv4-compatible (deprecated): read as the IPv4 address it carries.
    return blockedAddressReason(v6.slice(12).join('.'));
  }
  if (zeroHead && v6[10] === 0xff && v6[11] === 0xff) return blockedAddressReason(v6.slice(12).join('.'));
  if (inRange(v6, [[0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, 'NAT64'])) {
    return blockedAddressReason(v6.slice(12).join('.'));
  }
  if (v6[0] === 0x20 && v6[1] === 0x02) return blockedAddressReason(v6.slice(2, 6).join('.'));
  return blockedIPv6.find((range) => inRange(v6, range))?.[2];
}

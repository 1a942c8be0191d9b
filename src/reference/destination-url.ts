import { BlockList, isIP } from 'node:net';

/** SUB-03: the longest destination URL, in characters. */
export const MAX_DESTINATION_LENGTH = 1024;

/**
 * Where deliveries may go. By default only HTTPS to public addresses: a subscription names a URL
 * the server will POST to, so without this anyone with `webhook:write` could make it reach cloud
 * metadata, loopback services or the private network (SSRF). `allowLocal` is the explicit opt-in
 * of a local test environment (the specification: "HTTPS required outside local environments"): loopback and
 * private addresses are then allowed, over plain HTTP too when the URL names a local host;
 * link-local, metadata and the like never are.
 */
export interface DestinationPolicy {
  allowLocal: boolean;
}

export const PUBLIC_HTTPS_ONLY: DestinationPolicy = { allowLocal: false };

type Range = readonly [address: string, prefix: number];

/** Ranges no destination may be in, with or without `allowLocal`. */
const NEVER: Record<string, readonly Range[]> = {
  'a cloud metadata address': [
    ['169.254.169.254', 32],
    ['100.100.100.200', 32],
    ['fd00:ec2::254', 128],
  ],
  'an unspecified address': [
    ['0.0.0.0', 8],
    ['::', 128],
  ],
  'a link-local address': [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  'a multicast, broadcast or reserved address': [
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
    ['192.0.0.0', 24],
    ['198.18.0.0', 15],
    ['ff00::', 8],
    ['100::', 64],
  ],
};

/** Ranges only a local environment may deliver to. */
const LOCAL: Record<string, readonly Range[]> = {
  'a loopback address': [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  'a private address': [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10],
    ['fc00::', 7],
    ['fec0::', 10],
  ],
};

/** Names that always mean one of the ranges above, whatever DNS says (RFC 6761, cloud metadata). */
const NEVER_NAMES = new Map([
  ['metadata.google.internal', 'a cloud metadata address'],
  ['metadata', 'a cloud metadata address'],
]);
const isLoopbackName = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/**
 * Node's BlockList also matches IPv4-mapped IPv6 (`::ffff:127.0.0.1`) against IPv4 rules; IPv6
 * forms that carry an IPv4 address by translation (NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are
 * added for every IPv4 range, so no notation of an address slips through.
 */
function addRanges(blocked: BlockList, ranges: readonly Range[]): BlockList {
  for (const [address, prefix] of ranges) {
    if (isIP(address) === 6) {
      blocked.addSubnet(address, prefix, 'ipv6');
      continue;
    }
    blocked.addSubnet(address, prefix, 'ipv4');
    blocked.addSubnet(`64:ff9b::${ipv4Hex(address)}`, 96 + prefix, 'ipv6');
    blocked.addSubnet(`2002:${ipv4Hex(address)}::`, 16 + prefix, 'ipv6');
  }
  return blocked;
}

/**
 * One BlockList of every range of a kind, checked first, since most addresses are in none; then
 * one per reason, only to say which.
 */
function blockLists(ranges: Record<string, readonly Range[]>): {
  any: BlockList;
  byReason: Array<[string, BlockList]>;
} {
  const entries = Object.entries(ranges);
  const any = new BlockList();
  for (const [, list] of entries) addRanges(any, list);
  return {
    any,
    byReason: entries.map(([reason, list]) => [reason, addRanges(new BlockList(), list)]),
  };
}

function reasonIn(
  lists: ReturnType<typeof blockLists>,
  address: string,
  type: 'ipv4' | 'ipv6',
): string | undefined {
  if (!lists.any.check(address, type)) return undefined;
  return lists.byReason.find(([, list]) => list.check(address, type))?.[0];
}

/** `10.1.2.3` as the two IPv6 groups `a01:203`. */
function ipv4Hex(address: string): string {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const NEVER_LISTS = blockLists(NEVER);
const LOCAL_LISTS = blockLists(LOCAL);

/** Where a host is: refused (with why), on the local network, or public. */
type HostClass = { problem: string } | { local: boolean };

function classifyAddress(address: string, policy: DestinationPolicy): HostClass {
  const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const never = reasonIn(NEVER_LISTS, address, type);
  if (never) return { problem: `${address} is ${never}` };
  const local = reasonIn(LOCAL_LISTS, address, type);
  if (!local) return { local: false };
  return policy.allowLocal ? { local: true } : { problem: `${address} is ${local}` };
}

/**
 * Why a resolved IP address may not be delivered to, or undefined when it may. Used on the address
 * a connection is about to be made to, so DNS cannot point an accepted name somewhere refused.
 */
export function addressProblem(
  address: string,
  policy: DestinationPolicy = PUBLIC_HTTPS_ONLY,
): string | undefined {
  if (isIP(address) === 0) return `${address} is not an IP address`;
  const host = classifyAddress(address, policy);
  return 'problem' in host ? host.problem : undefined;
}

/** A URL's host before any DNS: IP literals by their ranges, and the names that are reserved. */
function classifyHost(hostname: string, policy: DestinationPolicy): HostClass {
  // WHATWG URL has already turned decimal, hex, octal and short IPv4 forms into dotted quads.
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(literal)) return classifyAddress(literal, policy);
  const name = literal.replace(/\.$/, '');
  const reserved = NEVER_NAMES.get(name);
  if (reserved) return { problem: `${name} is ${reserved}` };
  if (!isLoopbackName(name)) return { local: false };
  return policy.allowLocal ? { local: true } : { problem: `${name} is a loopback address` };
}

/**
 * SUB-03: why a destination URL is refused, or undefined when it is acceptable. One policy for v0
 * and v1, at subscribe and again at every delivery: at most 1024 characters; no control
 * characters, spaces or backslashes (which URL parsers drop or read as `/`, so the URL stored and
 * the URL reached would differ); absolute HTTPS, or plain HTTP to a local host under `allowLocal`;
 * no credentials; a host that is no refused address or name.
 */
export function destinationProblem(
  url: string,
  policy: DestinationPolicy = PUBLIC_HTTPS_ONLY,
): string | undefined {
  if (url.length > MAX_DESTINATION_LENGTH)
    return `url is over ${MAX_DESTINATION_LENGTH} characters`;
  if (/[\u0000-\u0020\u007f-\u009f\\\s]/u.test(url))
    return 'url has control characters, spaces or backslashes';
  if (!URL.canParse(url)) return 'url is not an absolute URL';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'url must be HTTPS';
  if (parsed.username || parsed.password) return 'url carries credentials';
  const host = classifyHost(parsed.hostname, policy);
  if ('problem' in host) return host.problem;
  if (parsed.protocol === 'http:' && !host.local)
    return 'url must be HTTPS outside local environments';
  return undefined;
}

/**
 * IP networks for the firewall allow-list and `restrictSources`: IPv4 and IPv6 addresses,
 * with or without a prefix length (`10.0.0.0/8`, `2001:db8::/32`, `0.0.0.0/0`).
 */

export interface Network {
  readonly version: 4 | 6;
  readonly base: bigint;
  readonly prefix: number;
}

/** Parses `address[/prefix]`; `undefined` when it is not a valid network. */
export function parseNetwork(text: string): Network | undefined {
  const [address, prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0 || address === undefined) return undefined;
  const ip = parseAddress(address);
  if (!ip) return undefined;
  const bits = ip.version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { version: ip.version, base: mask(ip.value, prefix, bits), prefix };
}

/** Whether `address` (a single IP) lies in `network`. IPv4-mapped IPv6 addresses count as IPv4. */
export function networkContains(network: Network, address: string): boolean {
  const ip = parseAddress(address.trim());
  if (!ip) return false;
  let { version, value } = ip;
  if (version === 6 && network.version === 4 && value >> 32n === 0xffffn) {
    version = 4;
    value &= 0xffffffffn;
  }
  if (version !== network.version) return false;
  const bits = version === 4 ? 32 : 128;
  return mask(value, network.prefix, bits) === network.base;
}

function mask(value: bigint, prefix: number, bits: number): bigint {
  if (prefix === 0) return 0n;
  const all = (1n << BigInt(bits)) - 1n;
  const keep = (all >> BigInt(bits - prefix)) << BigInt(bits - prefix);
  return value & keep;
}

function parseAddress(text: string): { version: 4 | 6; value: bigint } | undefined {
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const v6 = parseIPv6(text);
  return v6 === undefined ? undefined : { version: 6, value: v6 };
}

function parseIPv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseIPv6(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split('::').length > 2) return undefined;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // An embedded IPv4 tail (`::ffff:10.0.0.1`) is the last two groups.
    const tail = parseIPv4(last);
    if (tail === undefined || lastColon < 0) return undefined;
    text = `${text.slice(0, lastColon + 1)}${(tail >> 16n).toString(16)}:${(tail & 0xffffn).toString(16)}`;
  }
  const [left, right] = text.split('::');
  const leftGroups = left === '' ? [] : left.split(':');
  const rightGroups = right === undefined || right === '' ? [] : right.split(':');
  let groups: string[];
  if (right === undefined) {
    groups = leftGroups;
  } else {
    const missing = 8 - leftGroups.length - rightGroups.length;
    if (missing < 1) return undefined;
    groups = [...leftGroups, ...Array<string>(missing).fill('0'), ...rightGroups];
  }
  if (groups.length !== 8) return undefined;
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

/** `*` wildcards (leading, trailing or inside) over a whole string, case-insensitively. */
export function wildcardMatch(pattern: string, text: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`, 'i').test(text);
}

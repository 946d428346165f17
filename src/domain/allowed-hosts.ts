import { BlockList, isIP } from 'node:net';

/**
 * The entries of the `webhook_allowed_hosts` setting: a host name, a `*.` wildcard, or an IP
 * address or CIDR of either family (`10.20.0.0/16`, `fd00::/8`). Addresses and ranges are
 * Node's `BlockList`, so IPv4, IPv6 and IPv4-mapped IPv6 addresses are compared as Node does.
 */

const HOST_PATTERN =
  /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const familyOf = (address: string): 'ipv4' | 'ipv6' | null => {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
};

/** An address or CIDR entry as a one-rule `BlockList`; null when the entry is not one. */
function addressRule(entry: string): BlockList | null {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = familyOf(address);
  if (!family) return null;
  const rule = new BlockList();
  if (slash === -1) {
    rule.addAddress(address, family);
    return rule;
  }
  const prefixText = entry.slice(slash + 1);
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 'ipv4' ? 32 : 128)) return null;
  rule.addSubnet(address, prefix, family);
  return rule;
}

/** True when the entry is an address, a CIDR, a host name or a `*.` wildcard. */
export function isAllowedHostEntry(entry: string): boolean {
  if (addressRule(entry)) return true;
  // Not an address or range, so a name: never digits and dots only (`256.1.1.1`, `10.0.0`).
  return entry.length <= 253 && HOST_PATTERN.test(entry) && !/^[\d.]+$/.test(entry);
}

/**
 * Whether a URL's host (as `URL.hostname` writes it, IPv6 in brackets) matches one entry. Names
 * match names exactly (case aside) and `*.example.com` any name below example.com; an address or
 * CIDR matches a URL written with a literal address. Names are never resolved: what is checked is
 * what the URL says, so DNS answers cannot change the verdict.
 */
export function hostMatches(host: string, entry: string): boolean {
  const name = host.toLowerCase();
  const rule = entry.toLowerCase();
  const range = addressRule(rule);
  if (range) {
    const address = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
    const family = familyOf(address);
    return family !== null && range.check(address, family);
  }
  if (rule.startsWith('*.')) return name.endsWith(rule.slice(1)) && name.length > rule.length - 1;
  return name === rule;
}

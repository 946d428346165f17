import { AppError, invalid } from '../../domain/errors.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4ToInt(text: string): number | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const octets = m.slice(1, 5).map(Number);
  if (octets.some((o) => o > 255)) return null;
  return ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
}

/**
 * Whether a URL's host matches one `webhook_allowed_hosts` entry. Names match names exactly (case
 * aside) and `*.example.com` matches any name below example.com; an IPv4 address or CIDR matches
 * a URL written with a literal IPv4 address. Names are never resolved: what is checked is what the
 * URL says, so DNS answers cannot change the verdict.
 */
export function hostMatches(host: string, entry: string): boolean {
  const name = host.toLowerCase();
  const rule = entry.toLowerCase();
  const [base, bitsText] = rule.split('/');
  const network = ipv4ToInt(base!);
  if (network !== null) {
    const address = ipv4ToInt(name);
    if (address === null) return false;
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (address & mask) >>> 0 === (network & mask) >>> 0;
  }
  if (rule.startsWith('*.')) return name.endsWith(rule.slice(1)) && name.length > rule.length - 1;
  return name === rule;
}

/** True when `allowed` is empty (any host) or one of its entries matches the URL's host. */
export function isHostAllowed(url: URL, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const host = url.hostname.startsWith('[') ? url.hostname : url.hostname.replace(/\.$/, '');
  return allowed.some((entry) => hostMatches(host, entry));
}

/**
 * Checks a webhook URL and answers it normalised. http and https only, no user name or password
 * in it, at most 2048 characters, and its host in `webhook_allowed_hosts` when that is not empty.
 * Loopback and private addresses are allowed: a factory's receivers live on its own network.
 */
export function checkWebhookUrl(
  text: string,
  allowedHosts: readonly string[],
  param = 'url',
): string {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) {
    throw invalid(param, `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(param, 'url must be an absolute http or https URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(param, 'url must use http or https.');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid(param, 'url must not contain a user name or password.');
  }
  if (url.hostname === '') throw invalid(param, 'url must name a host.');
  if (!isHostAllowed(url, allowedHosts)) {
    throw new AppError('webhook_host_not_allowed', {
      param,
      message: `The host ${url.hostname} is not in the webhook_allowed_hosts setting.`,
    });
  }
  url.hash = '';
  return url.toString();
}

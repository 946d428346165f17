import { hostMatches } from '../../domain/allowed-hosts.js';
import { AppError, invalid } from '../../domain/errors.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

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

import { describe, expect, it } from 'vitest';
import { isIdOf, newId } from '../../src/domain/ids.js';
import {
  hashToken,
  newToken,
  newWebhookSecret,
  randomBase62,
  tokenKindOf,
} from '../../src/domain/tokens.js';

describe('ids', () => {
  it('have a prefix and 26 Crockford base32 characters, and sort by time', () => {
    const a = newId('order', new Date('2026-01-01T00:00:00.000Z'));
    const b = newId('order', new Date('2026-01-01T00:00:00.001Z'));
    expect(a).toMatch(/^ord_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(isIdOf('order', a)).toBe(true);
    expect(isIdOf('piece', a)).toBe(false);
    expect(a < b).toBe(true);
  });

  it('sort in creation order within one millisecond, even with other instants in between', () => {
    const t = new Date('2026-03-01T10:00:00.000Z');
    const ids: string[] = [];
    for (let i = 0; i < 500; i++) {
      ids.push(newId('scan', t));
      newId('request', new Date()); // another clock's instant interleaved
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('tokens', () => {
  it('are prefixed base62 of 32 characters, hashed with SHA-256', () => {
    const key = newToken('apiKey');
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(newToken('station')).toMatch(/^st_live_[0-9A-Za-z]{32}$/);
    expect(newToken('staffSession')).toMatch(/^ss_[0-9A-Za-z]{32}$/);
    expect(tokenKindOf(key)).toBe('apiKey');
    expect(tokenKindOf('rs_x')).toBe('retailerSession');
    expect(tokenKindOf('nope')).toBeNull();
    expect(hashToken(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(key)).not.toBe(hashToken(newToken('apiKey')));
  });

  it('use every base62 character without bias toward the first ones', () => {
    const counts = new Map<string, number>();
    for (const c of randomBase62(62 * 400)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(250);
  });

  it('webhook secrets are whsec_ + base64 of 24 bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
  });
});

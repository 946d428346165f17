import { describe, expect, it } from 'vitest';
import { hostMatches, isAllowedHostEntry } from '../../src/domain/allowed-hosts.js';

describe('webhook_allowed_hosts entries', () => {
  it('accepts names, wildcards, and addresses and ranges of both families', () => {
    for (const entry of [
      'erp.example.com',
      '*.corp.example',
      'localhost',
      '10.20.0.0/16',
      '192.168.1.7',
      '0.0.0.0/0',
      '::1',
      'fd00:20::/32',
      '2001:db8::5/128',
    ]) {
      expect(isAllowedHostEntry(entry), entry).toBe(true);
    }
  });

  it('refuses what is neither a name nor an address', () => {
    for (const entry of [
      'bad host',
      '256.1.1.1',
      '10.0.0',
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/x',
      'fd00::/129',
      'fd00::/-1',
      'erp.example.com/24',
      'http://erp.example.com',
      `${'a'.repeat(250)}.com`,
    ]) {
      expect(isAllowedHostEntry(entry), entry).toBe(false);
    }
  });

  it('matches URL hosts: names exactly, wildcards below, addresses by range of either family', () => {
    const host = (url: string) => new URL(url).hostname;
    const cases: Array<[string, string, boolean]> = [
      ['https://HOOKS.example.com/', 'hooks.example.com', true],
      ['https://hooks.example.com.evil.io/', 'hooks.example.com', false],
      ['https://erp.corp.example/', '*.corp.example', true],
      ['https://corp.example/', '*.corp.example', false],
      ['http://10.20.3.4:8080/', '10.20.0.0/16', true],
      ['http://10.21.0.1/', '10.20.0.0/16', false],
      ['http://10.20.3.4/', '10.20.3.4', true],
      ['http://10.20.3.5/', '10.20.3.4', false],
      ['http://[fd00:20::5]/', 'fd00:20::/32', true],
      ['http://[FD00:20:0:0::5]/', 'FD00:20::/32', true],
      ['http://[fd00:21::5]/', 'fd00:20::/32', false],
      ['http://[::1]:9000/', '::1', true],
      ['http://[::ffff:10.20.1.1]/', '10.20.0.0/16', true],
      ['http://10.20.1.1/', 'fd00:20::/32', false],
      // A name that looks like a range is still a name: never resolved, never an address.
      ['http://hooks.example.com/', '10.0.0.0/8', false],
    ];
    for (const [url, entry, expected] of cases) {
      expect(hostMatches(host(url), entry), `${url} ~ ${entry}`).toBe(expected);
    }
  });
});

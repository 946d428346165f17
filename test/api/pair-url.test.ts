import { afterEach, describe, expect, it } from 'vitest';
import type { ServerReach } from '../../src/api/station-address.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function issue(headers: Record<string, string> = {}) {
  const res = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: 'Dock tablet', role: 'dispatch' },
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { code: string; qr: string; pair_url: string; loopback_only: boolean };
}

const start = async (reach?: ServerReach) => {
  t = await makeTestApp(reach ? { app: { reach } } : {});
};

describe('a pairing code’s pair_url', () => {
  it('is the station page at the address the request came in on, with the code as issued', async () => {
    await start({ loopbackOnly: false, lanUrl: 'http://192.168.1.20:8080' });
    const issued = await issue({ host: 'Factory.lan:8080' });
    expect(issued.pair_url).toBe(`http://factory.lan:8080/station#code=${issued.code}`);
    expect(issued.code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(issued.loopback_only).toBe(false);
    // The spec's qr keeps its shape for native station apps.
    expect(issued.qr).toBe(`factorystation://pair?code=${issued.code.replace('-', '')}`);
  });

  it('takes the server’s network address when the request came in on loopback', async () => {
    await start({ loopbackOnly: false, lanUrl: 'http://192.168.1.20:8080' });
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      const issued = await issue({ host });
      expect(issued.pair_url, host).toBe(`http://192.168.1.20:8080/station#code=${issued.code}`);
    }
  });

  it('never builds a URL from a Host header that is not a plain host and port', async () => {
    await start({ loopbackOnly: false, lanUrl: 'http://192.168.1.20:8080' });
    for (const host of ['evil.test/phish?', 'user@evil.test', 'evil.test:80:80', 'a b']) {
      const issued = await issue({ host });
      expect(issued.pair_url, host).toBe(`http://192.168.1.20:8080/station#code=${issued.code}`);
    }
  });

  it('says when the server listens on loopback only', async () => {
    await start({ loopbackOnly: true, lanUrl: null });
    const issued = await issue({ host: '127.0.0.1:8080' });
    expect(issued.loopback_only).toBe(true);
    expect(issued.pair_url).toBe(`http://127.0.0.1:8080/station#code=${issued.code}`);
  });

  it('starts with the setting public_url when it is set, whatever the request’s host', async () => {
    await start({ loopbackOnly: true, lanUrl: null });
    const set = await t.request('PATCH', '/v1/settings', {
      body: { public_url: 'https://factory.example.com/scan/' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().public_url).toBe('https://factory.example.com/scan');
    const issued = await issue({ host: 'localhost:8080' });
    expect(issued.pair_url).toBe(`https://factory.example.com/scan/station#code=${issued.code}`);
    // Behind a proxy the loopback listener is right: nothing to warn about.
    expect(issued.loopback_only).toBe(false);

    const cleared = await t.request('PATCH', '/v1/settings', { body: { public_url: null } });
    expect(cleared.json().public_url).toBeNull();
    await t.request('PATCH', '/v1/settings', { body: { public_url: 'http://10.0.0.5:8080' } });
    // An emptied field clears it too.
    const emptied = await t.request('PATCH', '/v1/settings', { body: { public_url: ' ' } });
    expect(emptied.json().public_url).toBeNull();
    expect((await issue({ host: 'localhost:8080' })).loopback_only).toBe(true);
  });
});

describe('the setting public_url', () => {
  it('is null by default', async () => {
    await start();
    expect((await t.request('GET', '/v1/settings')).json().public_url).toBeNull();
  });

  it('refuses what is not an http(s) address without query or fragment, naming the field', async () => {
    await start();
    for (const public_url of [
      'factory.example.com',
      'ftp://factory.example.com',
      'https://factory.example.com/?a=1',
      'https://factory.example.com/#x',
      'https://user:pw@factory.example.com',
      42,
    ]) {
      const res = await t.request('PATCH', '/v1/settings', { body: { public_url } });
      expect(res.statusCode, String(public_url)).toBe(400);
      expect(res.json().error.param).toBe('public_url');
      if (typeof public_url === 'string') {
        expect(res.json().error.message).toContain('http:// or https://');
      }
    }
    expect((await t.request('GET', '/v1/settings')).json().public_url).toBeNull();
  });
});

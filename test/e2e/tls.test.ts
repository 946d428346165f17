import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import { runFactoryd, startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import { testDialect } from '../helpers/dialect.js';

/**
 * `factoryd serve --tls-cert --tls-key` (docs/install.md): HTTPS with the given certificate, a
 * throwaway one made by `openssl` for 127.0.0.1. TLS does not depend on the database: SQLite only.
 */

let dir: string;
let cert: Buffer;
let d: RunningDaemon;

beforeAll(async () => {
  if (testDialect() !== 'sqlite') return;
  dir = tempDir('factoryd-tls-');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'tls.key'),
      '-out',
      join(dir, 'tls.crt'),
      '-days',
      '2',
      '-subj',
      '/CN=factoryd test',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  cert = readFileSync(join(dir, 'tls.crt'));
  d = await startDaemon({
    args: ['--tls-cert', join(dir, 'tls.crt'), '--tls-key', join(dir, 'tls.key')],
  });
});

afterAll(async () => {
  await d?.stop();
});

describe.runIf(testDialect() === 'sqlite')('factoryd serve with TLS', () => {
  it('serves HTTPS with the given certificate, to a client that trusts it', async () => {
    expect(d.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const trusting = new Agent({ connect: { ca: cert } });
    try {
      const health = await request(`${d.url}/healthz`, { dispatcher: trusting });
      expect(health.statusCode).toBe(200);
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(await health.body.json()).toEqual({ status: 'ok' });
      const company = await request(`${d.url}/v1/company`, {
        dispatcher: trusting,
        headers: { authorization: `Bearer ${d.apiKey}` },
      });
      expect(company.statusCode).toBe(200);
      expect(await company.body.json()).toMatchObject({ name: expect.any(String) });
    } finally {
      await trusting.close();
    }

    // The certificate the server presents is the one it was given.
    const { port } = new URL(d.url);
    const presented = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port), ca: cert }, () => {
        resolve(socket.getPeerX509Certificate()!.fingerprint256);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(presented).toBe(new X509Certificate(cert).fingerprint256);
  });

  it('a client that does not trust the certificate, or speaks plain HTTP, gets no answer', async () => {
    // Verified as any client would: an unknown issuer is refused by the client.
    await expect(request(`${d.url}/healthz`)).rejects.toThrow(/self[- ]signed|certificate/i);
    // Plain HTTP on the TLS port: the server does not answer it (the connection is dropped).
    const plain = d.url.replace(/^https:/, 'http:');
    await expect(request(`${plain}/healthz`)).rejects.toThrow();
    // The server is unharmed by both.
    const trusting = new Agent({ connect: { ca: cert } });
    try {
      expect((await request(`${d.url}/healthz`, { dispatcher: trusting })).statusCode).toBe(200);
    } finally {
      await trusting.close();
    }
  });

  it('refuses, before it opens anything, TLS files it cannot use: naming them, exit code 2', () => {
    const serve = (...tls: string[]) => {
      const dataDir = join(tempDir(), 'data');
      const res = runFactoryd(['serve', '--port', '0', '--data-dir', dataDir, ...tls]);
      // Nothing was created: the data dir is made only once the options are good.
      expect(existsSync(dataDir)).toBe(false);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      return res;
    };
    const certFile = join(dir, 'tls.crt');
    const alone = serve('--tls-cert', certFile);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--tls-cert and --tls-key go together');

    const missing = serve('--tls-cert', certFile, '--tls-key', join(dir, 'missing.key'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`cannot read --tls-key ${join(dir, 'missing.key')}`);

    writeFileSync(join(dir, 'not-pem.key'), 'not a key\n');
    const garbage = serve('--tls-cert', certFile, '--tls-key', join(dir, 'not-pem.key'));
    expect(garbage.status).toBe(2);
    expect(garbage.stderr).toContain('not a PEM certificate and its private key');

    // A real key, but not the certificate's.
    execFileSync('openssl', [
      'ecparam',
      '-name',
      'prime256v1',
      '-genkey',
      '-noout',
      '-out',
      join(dir, 'other.key'),
    ]);
    const mismatch = serve('--tls-cert', certFile, '--tls-key', join(dir, 'other.key'));
    expect(mismatch.status).toBe(2);
    expect(mismatch.stderr).toMatch(
      /not a PEM certificate and its private key: .*key values mismatch/,
    );
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToPublicTarget } from './outbound-request.js';
import { assertPublicTarget, isPublicAddress, PublicTargetRefused } from './public-target.js';

const closed = { allowPrivateNetworks: false };

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('targets', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.7:8080/hook',
    'http://[::1]/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://localhost/hook',
    'http://0x7f000001/hook',
  ])('refuses %s', async (url) => {
    await expect(assertPublicTarget(new URL(url), closed)).rejects.toBeInstanceOf(
      PublicTargetRefused,
    );
  });

  it('refuses a name that does not resolve', async () => {
    await expect(
      assertPublicTarget(new URL('http://no-such-host.invalid/'), closed),
    ).rejects.toBeInstanceOf(PublicTargetRefused);
  });

  it('allows any target when private networks are allowed', async () => {
    await expect(
      assertPublicTarget(new URL('http://127.0.0.1/'), { allowPrivateNetworks: true }),
    ).resolves.toBeUndefined();
  });
});

describe('posting to a target', () => {
  const received: string[] = [];
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      received.push(request.url ?? '');
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `http://localhost:${port}/inside` }).end();
      } else {
        response.end('x'.repeat(5000));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (url: string, allowPrivateNetworks: boolean) =>
    postToPublicTarget(
      { url, headers: {}, body: '{}', timeoutMs: 5000, excerptChars: 1024 },
      { allowPrivateNetworks },
    );

  it('refuses a name resolving to loopback while connecting: nothing reaches the server', async () => {
    await expect(post(`http://localhost:${port}/named`, false)).rejects.toBeInstanceOf(
      PublicTargetRefused,
    );
    await expect(post(`http://127.0.0.1:${port}/literal`, false)).rejects.toBeInstanceOf(
      PublicTargetRefused,
    );
    expect(received).toEqual([]);
  });

  it('answers a redirect as it is, never following it, and keeps 1 KB of an answer', async () => {
    const redirect = await post(`http://localhost:${port}/redirect`, true);
    expect(redirect.status).toBe(302);
    expect(received).toEqual(['/redirect']);
    const long = await post(`http://localhost:${port}/long`, true);
    expect(long.status).toBe(200);
    expect(long.excerpt).toHaveLength(1024);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.js';

describe('web app delivery', () => {
  let folder: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'web-app-'));
    await mkdir(path.join(folder, 'assets'));
    await writeFile(path.join(folder, 'index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(
      path.join(folder, 'assets', 'index-Ab12Cd34.js'),
      'console.log("solar");\n'.repeat(200),
    );
    app = Fastify();
    await registerWebApp(app, folder);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('serves hashed assets precompressed with brotli and cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(4400 / 10);
  });

  it('falls back to gzip for clients without brotli', async () => {
    const response = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('revalidates the HTML on every load, for the root and for client routes', async () => {
    for (const url of ['/', '/plants/overview/5']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

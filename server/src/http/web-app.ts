import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { precompressFolder } from './precompress.js';

// Resolved through the workspace package, so the source and the server's build find it alike.
const webDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@solar/web/package.json')),
  'dist',
);
/** Vite names every file under `assets/` by its content hash: a changed file gets a new name. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Paths the server answers itself; devices call `/device/v1/` (firmware downloads, reports). */
const API_PREFIXES = [
  '/api/',
  '/oauth/',
  '/anonymous/',
  '/health',
  '/uploads/',
  '/ingest/',
  '/device/v1/',
];

/**
 * Serves the built web app on `/`; any other GET that is not an API path answers index.html so
 * the client router (with its own hidden 404 page) handles it. Hashed assets are served
 * precompressed (brotli or gzip) and cached for a year; the HTML is revalidated on every load so
 * a new build is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, root = webDist): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/html')
        .send(
          '<!doctype html><title>Solar portal</title><p>The web app is not built. Run <code>npm start</code>.</p>',
        ),
    );
    return;
  }
  await precompressFolder(root);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(HASHED_ASSETS) ? IMMUTABLE : 'no-cache');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      request.method === 'GET' &&
      !API_PREFIXES.some((prefix) => url.startsWith(prefix)) &&
      !path.extname(url) &&
      url !== '/';
    if (isPageRequest) return reply.sendFile('index.html');
  });
}

import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Live refresh by revalidation (docs/plants-and-overview.md, "Live refresh"): every JSON answer carries an ETag
 * (@fastify/etag, a hash of the body) and a GET whose `If-None-Match` still matches is answered
 * 304 with no body. The API's GET answers are `private, no-cache` (endpoint-route.ts), so the
 * browser keeps them and revalidates each poll by itself: an unchanged figure costs a header.
 */
export async function registerConditionalGets(app: FastifyInstance): Promise<void> {
  await app.register(etag, { weak: true });
}

/** Kept by the browser, never by a shared cache, and revalidated before each use. */
export const REVALIDATE_EACH_TIME = 'private, no-cache';

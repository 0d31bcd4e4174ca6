import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Kept by the browser, never by a shared cache, and revalidated before each use. */
const REVALIDATE_EACH_TIME = 'private, no-cache';

/**
 * Live refresh by revalidation (docs/plants-and-overview.md, "Live refresh"), for the API's
 * JSON GETs alone (endpoint-route.ts): writes and file downloads are never hashed. A successful
 * answer is `private, no-cache` unless its route chose otherwise (an error is not kept at all).
 */
export function revalidateEachTime(reply: FastifyReply): void {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', REVALIDATE_EACH_TIME);
}

/**
 * The send hook of those GETs: a weak ETag, a SHA-1 of the body, and 304 with no body while the
 * browser's `If-None-Match` still matches, so an unchanged figure costs a header.
 */
export async function conditionalGet(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64')}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] !== etag) return payload;
  reply.code(304);
  return '';
}

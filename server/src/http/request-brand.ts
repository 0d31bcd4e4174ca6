import type { FastifyRequest } from 'fastify';
import type { BrandDirectory } from '../auth/brand-directory.js';

/** The request's source marker (header X-Source) and host name without port. */
export function brandSelectors(request: FastifyRequest) {
  const header = request.headers['x-source'];
  const source = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
  return { source, host: request.hostname.toLowerCase() };
}

const resolved = new WeakMap<FastifyRequest, Promise<number | null>>();

/**
 * The id of the brand the request is made under, as `/anonymous/brand` picks it; null for the
 * default brand. Accounts are looked up, created, signed in and accept tokens only within this
 * brand. Resolved once per request: authentication and the route share the answer.
 */
export function requestBrandId(brands: BrandDirectory, request: FastifyRequest) {
  let brandId = resolved.get(request);
  if (!brandId) {
    const { source, host } = brandSelectors(request);
    brandId = brands.brandIdFor(source, host);
    resolved.set(request, brandId);
  }
  return brandId;
}

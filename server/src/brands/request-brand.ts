import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { brandFor } from './brands.store.js';

/** The request's source marker (header X-Source) and host name without port. */
export function brandSelectors(request: FastifyRequest) {
  const header = request.headers['x-source'];
  const source = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
  return { source, host: request.hostname.toLowerCase() };
}

/**
 * The id of the brand the request is made under, as `/anonymous/brand` picks it; null for the
 * default brand. Accounts are looked up, created and signed in only within this brand.
 */
export async function requestBrandId(db: Db, request: FastifyRequest): Promise<number | null> {
  const { source, host } = brandSelectors(request);
  return (await brandFor(db, source, host))?.id ?? null;
}

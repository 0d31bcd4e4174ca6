import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokens } from '../auth/access-token.js';
import { type AuthContext, loadAuthContext } from '../auth/auth-context.js';
import type { BrandDirectory } from '../brands/brand-directory.js';
import { requestBrandId } from '../brands/request-brand.js';
import type { Db } from '../db/database.js';
import { UnauthenticatedError } from '../errors/app-error.js';
import { withCompanyContext } from './company-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for an anonymous request. */
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new UnauthenticatedError('malformed Authorization header');
  return match[1];
}

/**
 * Reads the bearer token of every request. A token that is present but invalid, expired,
 * issued before the user's sessions ended (sign-out, password or role change) or belonging to
 * a disabled account answers HTTP 401 so the client's refresh flow starts; so does a token of
 * an account of another brand than the one the request is made under (X-Source or host).
 */
export const authentication = fp<{ db: Db; accessTokens: AccessTokens; brands: BrandDirectory }>(
  async (app: FastifyInstance, { db, accessTokens, brands }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const subject = await accessTokens.verify(token);
      if (subject === null) throw new UnauthenticatedError('invalid or expired access token');
      const auth = await loadAuthContext(db, subject, await requestBrandId(brands, request));
      if (!auth)
        throw new UnauthenticatedError('account unavailable, of another brand or session ended');
      request.auth = await withCompanyContext(db, auth, request);
    });
  },
  { name: 'authentication' },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokens } from '../auth/access-token.js';
import { type AuthContext, currentAuthContext } from '../auth/auth-context.js';
import type { EnabledUserCache } from '../auth/enabled-user-cache.js';
import type { BrandDirectory } from '../auth/brand-directory.js';
import { requestBrandId } from './request-brand.js';
import type { Db } from '../db/database.js';
import { UnauthenticatedError } from '../errors/app-error.js';
import { withCompanyContext } from './company-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for an anonymous request. */
    auth: AuthContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * The account look-up is cached (`EnabledUserCache`); a write request empties that cache before
 * its answer leaves, so the writer's next call sees what it changed.
 */
export const authentication = fp<{
  db: Db;
  accessTokens: AccessTokens;
  brands: BrandDirectory;
  enabledUsers: EnabledUserCache;
}>(
  async (app: FastifyInstance, { db, accessTokens, brands, enabledUsers }) => {
    app.decorateRequest('auth', null);
    app.addHook('onSend', async (request) => {
      if (!SAFE_METHODS.has(request.method)) enabledUsers.clear();
    });
    app.addHook('onClose', () => enabledUsers.stop());
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const subject = await accessTokens.verify(token);
      if (subject === null) throw new UnauthenticatedError('invalid or expired access token');
      const [user, brandId] = await Promise.all([
        enabledUsers.get(subject.userId),
        requestBrandId(brands, request),
      ]);
      const auth = currentAuthContext(user, subject, brandId);
      if (!auth)
        throw new UnauthenticatedError('account unavailable, of another brand or session ended');
      request.auth = await withCompanyContext(db, auth, request);
    });
  },
  { name: 'authentication' },
);

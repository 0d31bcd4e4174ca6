import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyAuthenticator } from '../auth/api-key-auth.js';
import { looksLikeApiKey } from '../auth/api-key-secrets.js';
import type { AccessTokens } from '../auth/access-token.js';
import { type AuthContext, currentAuthContext, type EnabledUser } from '../auth/auth-context.js';
import type { EnabledUserCache } from '../auth/enabled-user-cache.js';
import { mustEnrolSecondFactor, type SecondFactorPolicy } from '../auth/second-factor-policy.js';
import type { BrandDirectory } from '../auth/brand-directory.js';
import { requestBrandId } from './request-brand.js';
import type { Db } from '../db/database.js';
import { UnauthenticatedError } from '../errors/app-error.js';
import { withCompanyContext } from './company-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for an anonymous request. */
    auth: AuthContext | null;
    /**
     * The caller's session may only set up a second factor (`second-factor-enrolment.ts`):
     * their company or the platform requires one and they have none yet.
     */
    mustEnrolSecondFactor: boolean;
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

function isSecuredRoute(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  return access !== undefined && access.kind !== 'public';
}

/**
 * Reads the bearer token of every request to a secured route. A token that is present but
 * invalid, expired, issued before the user's sessions ended (sign-out, password or role change)
 * or belonging to a disabled account answers HTTP 401 so the client's refresh flow starts; so
 * does a token of an account of another brand than the one the request is made under (X-Source
 * or host).
 * Public endpoints (sign-in, sign-up, language texts, health), the API docs, the web app and
 * unknown paths never read the token, so a stale token in a client never turns a public call
 * into a 401 and a needless refresh.
 * An API key (`solar_…`) is read instead of a token by `ApiKeyAuthenticator`: its owner's
 * context narrowed by the key, its budgets counted.
 * The account look-up is cached (`EnabledUserCache`); a write request empties that cache before
 * its answer leaves, so the writer's next call sees what it changed.
 */
export const authentication = fp<{
  db: Db;
  accessTokens: AccessTokens;
  apiKeys: ApiKeyAuthenticator;
  brands: BrandDirectory;
  enabledUsers: EnabledUserCache;
  secondFactorPolicy: SecondFactorPolicy;
}>(
  async (
    app: FastifyInstance,
    { db, accessTokens, apiKeys, brands, enabledUsers, secondFactorPolicy },
  ) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('mustEnrolSecondFactor', false);
    app.addHook('onSend', async (request) => {
      if (!SAFE_METHODS.has(request.method)) enabledUsers.clear();
    });
    app.addHook('onClose', () => enabledUsers.stop());
    app.addHook('onRequest', async (request, reply) => {
      if (!isSecuredRoute(request)) return;
      const token = bearerToken(request);
      if (!token) return;
      const { auth, user } = looksLikeApiKey(token)
        ? await authenticateKey(token, request, reply)
        : await authenticateSession(token, request);
      request.mustEnrolSecondFactor = mustEnrolSecondFactor(user, secondFactorPolicy);
      request.auth = await withCompanyContext(db, auth, request);
    });

    async function authenticateSession(
      token: string,
      request: FastifyRequest,
    ): Promise<{ auth: AuthContext; user: EnabledUser }> {
      const subject = await accessTokens.verify(token);
      if (subject === null) throw new UnauthenticatedError('invalid or expired access token');
      const [user, brandId] = await Promise.all([
        enabledUsers.get(subject.userId),
        requestBrandId(brands, request),
      ]);
      const auth = currentAuthContext(user, subject, brandId);
      if (!auth || !user)
        throw new UnauthenticatedError('account unavailable, of another brand or session ended');
      return { auth, user };
    }

    async function authenticateKey(key: string, request: FastifyRequest, reply: FastifyReply) {
      const brandId = await requestBrandId(brands, request);
      const { auth, owner } = await apiKeys.authenticate(key, request, reply, brandId);
      return { auth, user: owner };
    }
  },
  { name: 'authentication' },
);

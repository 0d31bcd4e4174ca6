import {
  createApiKey,
  getCompanyApiKeyQuota,
  listApiKeys,
  revokeApiKey,
  setCompanyApiKeyQuota,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentApiKey } from './api-keys.presenter.js';
import { ApiKeysService } from './api-keys.service.js';

export function apiKeysRoutes(app: FastifyInstance, deps: AppDeps): void {
  const keys = new ApiKeysService(deps.db, deps.config);

  registerEndpoint(app, createApiKey, async ({ auth, body }) => keys.create(auth, body));

  registerEndpoint(app, listApiKeys, async ({ auth, query }) =>
    (await keys.list(auth, query.kind)).map(presentApiKey),
  );

  registerEndpoint(app, revokeApiKey, async ({ auth, params }) => {
    await keys.revoke(auth, params.id);
    return null;
  });

  registerEndpoint(app, getCompanyApiKeyQuota, async ({ params }) => keys.companyQuota(params.id));

  registerEndpoint(app, setCompanyApiKeyQuota, async ({ params, body }) =>
    keys.setCompanyQuota(params.id, body),
  );
}

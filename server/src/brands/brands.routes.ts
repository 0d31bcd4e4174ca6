import {
  brandLogo,
  createBrand,
  currentBrand,
  listBrands,
  updateBrand,
  uploadBrandLogo,
} from '@solar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { registerUploadEndpoint } from '../uploads/upload-endpoint.js';
import { BrandManagementService } from './brand-management.service.js';
import { presentCurrentBranding, presentManagedBrand } from './brands.presenter.js';
import { brandFor } from './brands.store.js';

/** The request's source marker (header X-Source) and host name without port. */
function brandSelectors(request: FastifyRequest) {
  const header = request.headers['x-source'];
  const source = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
  return { source, host: request.hostname.toLowerCase() };
}

export function brandsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const brands = new BrandManagementService(deps.db, deps.files);

  registerEndpoint(app, currentBrand, async ({ request, reply, query }) => {
    reply.header('vary', 'X-Source, Host');
    const { source, host } = brandSelectors(request);
    const row = await brandFor(deps.db, source, host);
    return row ? presentCurrentBranding(row, query.lan) : null;
  });

  registerEndpoint(app, brandLogo, async ({ params }) => brands.logo(params.id));

  registerEndpoint(app, listBrands, async ({ query }) => {
    const { rows, total } = await brands.list(query);
    return { infos: rows.map(presentManagedBrand), total };
  });

  registerEndpoint(app, createBrand, async ({ auth, request, body }) =>
    presentManagedBrand(await brands.create(auditActor(auth, request), body)),
  );

  registerEndpoint(app, updateBrand, async ({ auth, request, params, body }) =>
    presentManagedBrand(await brands.update(auditActor(auth, request), params.id, body)),
  );

  registerUploadEndpoint(app, uploadBrandLogo, async ({ auth, request, params, file }) =>
    presentManagedBrand(await brands.replaceLogo(auditActor(auth, request), params.id, file)),
  );
}

import {
  APP_MANIFEST_PATH,
  brandFavicon,
  brandLogo,
  createBrand,
  currentBrand,
  listBrands,
  updateBrand,
  uploadBrandFavicon,
  uploadBrandLogo,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { registerUploadEndpoint } from '../uploads/upload-endpoint.js';
import { BrandManagementService } from './brand-management.service.js';
import { presentCurrentBranding, presentManagedBrand } from './brands.presenter.js';
import { brandFor } from './brands.store.js';
import { AppManifests } from './app-manifest.js';
import { brandSelectors } from '../http/request-brand.js';

export function brandsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const brands = new BrandManagementService(deps.db, deps.files, deps.brands);
  const manifests = new AppManifests(deps.files);

  registerEndpoint(app, currentBrand, async ({ request, reply, query }) => {
    reply.header('vary', 'X-Source, Host');
    const { source, host } = brandSelectors(request);
    const row = await brandFor(deps.db, source, host);
    return row ? presentCurrentBranding(row, query.lan) : null;
  });

  // Browsers read the manifest itself, not an envelope: a route of its own, outside the API.
  app.get(APP_MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { source, host } = brandSelectors(request);
    const manifest = await manifests.of(await brandFor(deps.db, source, host));
    return reply
      .header('vary', 'X-Source, Host')
      .header('cache-control', 'no-cache')
      .type('application/manifest+json')
      .send(JSON.stringify(manifest));
  });

  registerEndpoint(app, brandLogo, async ({ params }) => brands.picture(params.id, 'logo'));
  registerEndpoint(app, brandFavicon, async ({ params }) => brands.picture(params.id, 'favicon'));

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

  const pictureUploads = [
    [uploadBrandLogo, 'logo'],
    [uploadBrandFavicon, 'favicon'],
  ] as const;
  for (const [endpoint, picture] of pictureUploads) {
    registerUploadEndpoint(app, endpoint, async ({ auth, request, params, file }) =>
      presentManagedBrand(
        await brands.replacePicture(auditActor(auth, request), params.id, picture, file),
      ),
    );
  }
}

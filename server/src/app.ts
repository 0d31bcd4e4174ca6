import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import type { ServerDeps } from './runtime.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { managementRoutes } from './management/management.routes.js';
import { smsRoutes } from './sms/sms.routes.js';
import { agentsRoutes } from './agents/agents.routes.js';
import { secondFactorRoutes } from './accounts/second-factor.routes.js';
import { passkeyRoutes } from './accounts/passkeys.routes.js';
import { signInRoutes } from './accounts/sign-in.routes.js';
import { commandsRoutes } from './commands/commands.routes.js';
import { companiesRoutes } from './companies/companies.routes.js';
import { customersRoutes } from './customers/customers.routes.js';
import { equipmentRoutes } from './equipment/equipment.routes.js';
import { secondFactorPolicyOf } from './auth/second-factor-policy.js';
import { ApiKeyAuthenticator } from './auth/api-key-auth.js';
import { authentication } from './http/authentication.js';
import { registerErrorHandlers, sendRouterError } from './http/error-handler.js';
import { answerSerializerCompiler } from './http/float-noise.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { gatewaysRoutes } from './gateways/gateways.routes.js';
import { ingestionRoutes } from './ingestion/ingestion.routes.js';
import { inverterRoutes } from './inverters/inverters.routes.js';
import { languagesRoutes } from './languages/languages.routes.js';
import { noticesRoutes } from './notices/notices.routes.js';
import { permissionTreeRoutes } from './roles/permission-trees.routes.js';
import { plantsRoutes } from './plants/plants.routes.js';
import { registerMapsRoutes } from './register-maps/register-maps.routes.js';
import { overviewRoutes } from './overview/overview.routes.js';
import { portfolioRoutes } from './portfolio/portfolio.routes.js';
import { dictsRoutes } from './dicts/dicts.routes.js';
import { rolesRoutes } from './roles/roles.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { versionsRoutes } from './versions/versions.routes.js';
import { firmwareRoutes } from './firmware/firmware.routes.js';
import { upgradesRoutes } from './upgrades/upgrades.routes.js';
import { alarmsRoutes } from './alarms/alarms.routes.js';
import { eventsRoutes } from './events/events.routes.js';
import { devicesRoutes } from './devices/devices.routes.js';
import { exportsRoutes } from './exports/exports.routes.js';
import { reportConfigsRoutes } from './report-configs/report-configs.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { epmRoutes } from './epm/epm.routes.js';
import { shareLinksRoutes } from './share-links/share-links.routes.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { fullscreenRoutes } from './fullscreen/fullscreen.routes.js';
import { downloadCenterRoutes } from './download-center/download-center.routes.js';
import { switchesRoutes } from './switches/switches.routes.js';
import { videoRoutes } from './video/video.routes.js';
import { campaignsRoutes } from './campaigns/campaigns.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { brandsRoutes } from './brands/brands.routes.js';
import { workOrdersRoutes } from './work-orders/work-orders.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';
import { pushRoutes } from './push/push.routes.js';

export type RouteModule = (app: FastifyInstance, deps: ServerDeps) => void;

/** Every domain's routes; a new domain adds its module here. */
const ROUTE_MODULES: RouteModule[] = [
  systemRoutes,
  signInRoutes,
  secondFactorRoutes,
  passkeyRoutes,
  companiesRoutes,
  auditRoutes,
  managementRoutes,
  smsRoutes,
  rolesRoutes,
  customersRoutes,
  agentsRoutes,
  accountsRoutes,
  languagesRoutes,
  usersRoutes,
  uploadsRoutes,
  noticesRoutes,
  versionsRoutes,
  permissionTreeRoutes,
  plantsRoutes,
  overviewRoutes,
  portfolioRoutes,
  dictsRoutes,
  commandsRoutes,
  ingestionRoutes,
  registerMapsRoutes,
  inverterRoutes,
  equipmentRoutes,
  gatewaysRoutes,
  eventsRoutes,
  alarmsRoutes,
  firmwareRoutes,
  upgradesRoutes,
  devicesRoutes,
  exportsRoutes,
  switchesRoutes,
  epmRoutes,
  shareLinksRoutes,
  apiKeysRoutes,
  videoRoutes,
  reportsRoutes,
  reportConfigsRoutes,
  fullscreenRoutes,
  downloadCenterRoutes,
  campaignsRoutes,
  productsRoutes,
  brandsRoutes,
  workOrdersRoutes,
  webhooksRoutes,
  pushRoutes,
];

/**
 * How long responses still being sent may take once the app closes. A client that stops
 * reading a download but keeps its connection would otherwise hold the shutdown for ever.
 */
const CLOSE_GRACE_MS = 10_000;

function endStalledResponsesOnClose(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    const deadline = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
    deadline.unref();
    app.server.once('close', () => clearTimeout(deadline));
  });
}

/** Fastify takes a hop count too (it trusts the nearest hops), but its types lack that form. */
function trustProxyOption(trusted: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  return typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted;
}

/** Builds the HTTP app without listening: tests inject into it, main.ts listens. */
export async function buildApp(deps: ServerDeps): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    frameworkErrors: sendRouterError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.decorate('registeredEndpoints', []);
  // Before any plugin: routes keep the error handler current when they are added, and plugins
  // add routes too (CORS preflight, the API docs).
  registerErrorHandlers(app);
  endStalledResponsesOnClose(app);

  // External plugins first.
  registerSecurityHeaders(app);
  await app.register(cors, { origin: false });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 6 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Solar portal API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Application plugins next.
  await app.register(authentication, {
    db: deps.db,
    accessTokens: deps.accessTokens,
    apiKeys: new ApiKeyAuthenticator(deps.db, deps.config, deps.enabledUsers),
    brands: deps.brands,
    enabledUsers: deps.enabledUsers,
    secondFactorPolicy: secondFactorPolicyOf(deps.config),
  });

  // Routes last.
  for (const registerRoutes of ROUTE_MODULES) registerRoutes(app, deps);
  await registerWebApp(app);
  return app;
}

import { campaignDetail, changeCampaign, createCampaign, listCampaigns } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { baseUrlOf } from '../upgrades/upgrades.routes.js';
import { CampaignEngine } from './campaign-engine.js';
import { stepAgainSoon } from './campaigns-jobs.js';
import { presentCampaign, presentCampaignDevice, presentWave } from './campaigns.presenter.js';
import { CampaignsService } from './campaigns.service.js';

export function campaignsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const campaigns = new CampaignsService(deps.db);
  const engine = new CampaignEngine(deps.db, deps.jobs);

  const summaryOf = async (auth: AuthContext, id: string) =>
    presentCampaign(await campaigns.withCounts(await campaigns.find(auth, id)));

  /**
   * A campaign the user started, resumed or retried steps at once (a paused or canceled one does
   * not), and the `campaigns-advance` job looks again within seconds while its wave is open.
   */
  const stepNow = async (id: string) => {
    if (!(await engine.advance(id, new Date(), { sendWaiting: true }))) return;
    await stepAgainSoon(deps.jobs);
  };

  // The canary wave starts at once (inside its window).
  registerEndpoint(app, createCampaign, async ({ auth, body, request }) => {
    const campaign = await campaigns.create(auth, body, baseUrlOf(request));
    await stepNow(campaign.id);
    return summaryOf(auth, campaign.id);
  });

  registerEndpoint(app, listCampaigns, async ({ auth, query }) => {
    const { rows, total } = await campaigns.list(auth, query);
    return { infos: rows.map(presentCampaign), total };
  });

  registerEndpoint(app, campaignDetail, async ({ auth, params }) => {
    const campaign = await summaryOf(auth, params.campaignId);
    const [waves, devices] = await Promise.all([
      campaigns.waves(params.campaignId),
      campaigns.devices(params.campaignId),
    ]);
    return {
      campaign,
      waves: waves.map(presentWave),
      devices: devices.map(presentCampaignDevice),
    };
  });

  registerEndpoint(app, changeCampaign, async ({ auth, params, body }) => {
    await campaigns.act(auth, params.campaignId, body.action);
    await stepNow(params.campaignId);
    return summaryOf(auth, params.campaignId);
  });
}

import {
  plantEnergyByDay,
  plantEnergyByMonth,
  plantEnergyByYear,
  plantEnergyFlow,
  plantEnergyTotal,
  plantEnvironmental,
  plantEventCount,
  plantEvents,
  plantGenerationUse,
  plantIncomeByDay,
  plantIncomeByMonth,
  plantIncomeByYear,
  plantIncomeTotal,
  plantInverterCount,
  plantLive,
  plantPowerCurve,
  plantRealtime,
  plantReport,
  plantWeather,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { requestLocale } from '../http/request-language.js';
import { PlantGatewaysService } from '../plants/plant-gateways.service.js';
import { OverviewService } from './overview.service.js';
import { liveOverview } from './plant-live.js';
import { weatherOf } from './plant-weather.js';

export function overviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const overview = new OverviewService(deps);
  const plant = (auth: Parameters<OverviewService['context']>[0], id: number) =>
    overview.context(auth, id);

  const gateways = new PlantGatewaysService(deps);
  registerEndpoint(app, plantLive, async ({ auth, params }) =>
    liveOverview({ overview, gateways }, auth, params.id),
  );
  registerEndpoint(app, plantRealtime, async ({ auth, params }) =>
    overview.realtime(await plant(auth, params.id)),
  );
  registerEndpoint(app, plantPowerCurve, async ({ auth, params, query }) =>
    overview.powerCurve(await plant(auth, params.id), query.date),
  );

  registerEndpoint(app, plantEnergyByDay, async ({ auth, params, query }) =>
    overview.energySeries(await plant(auth, params.id), 'day', query.month),
  );
  registerEndpoint(app, plantEnergyByMonth, async ({ auth, params, query }) =>
    overview.energySeries(await plant(auth, params.id), 'month', query.year),
  );
  registerEndpoint(app, plantEnergyByYear, async ({ auth, params }) =>
    overview.energyByYear(await plant(auth, params.id)),
  );
  registerEndpoint(app, plantEnergyTotal, async ({ auth, params }) =>
    overview.energyTotal(await plant(auth, params.id)),
  );

  registerEndpoint(app, plantIncomeByDay, async ({ auth, params, query }) =>
    overview.incomeSeries(await plant(auth, params.id), 'day', query.month),
  );
  registerEndpoint(app, plantIncomeByMonth, async ({ auth, params, query }) =>
    overview.incomeSeries(await plant(auth, params.id), 'month', query.year),
  );
  registerEndpoint(app, plantIncomeByYear, async ({ auth, params }) =>
    overview.incomeByYear(await plant(auth, params.id)),
  );
  registerEndpoint(app, plantIncomeTotal, async ({ auth, params }) =>
    overview.incomeTotal(await plant(auth, params.id)),
  );

  registerEndpoint(app, plantWeather, async ({ auth, query }) =>
    weatherOf(deps.db, (await plant(auth, query.plantId)).devices.weather),
  );
  registerEndpoint(app, plantEnvironmental, async ({ auth, params }) =>
    overview.environmental(await plant(auth, params.id)),
  );
  registerEndpoint(app, plantInverterCount, async ({ auth, params }) =>
    overview.inverterCount(await plant(auth, params.id)),
  );
  registerEndpoint(app, plantEventCount, async ({ auth, params }) =>
    overview.eventCount(await plant(auth, params.id)),
  );
  registerEndpoint(app, plantEvents, async ({ auth, params, query, request }) =>
    overview.events(await plant(auth, params.id), query, requestLocale(request)),
  );
  registerEndpoint(app, plantEnergyFlow, async ({ auth, params }) =>
    overview.energyFlow(await plant(auth, params.id)),
  );
  registerEndpoint(app, plantGenerationUse, async ({ auth, params, query }) =>
    overview.generationUse(await plant(auth, params.id), query.range, query.date),
  );
  registerEndpoint(app, plantReport, async ({ auth, query }) =>
    overview.report(await plant(auth, query.plantId), query.granularity, query.from, query.to),
  );
}

import {
  chartParameterDay,
  chartParameters,
  deleteInverter,
  fromServerLanguage,
  inverterAlias,
  inverterCount,
  inverterDcPeak,
  inverterDayCsv,
  inverterDayCurves,
  inverterDetail,
  listInverters,
  saveChartSelection,
  savedChartSelection,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { requestLocale } from '../http/request-language.js';
import { ChartSelections } from './chart-selections.js';
import { InvertersService } from './inverters.service.js';

export function inverterRoutes(app: FastifyInstance, deps: AppDeps): void {
  const inverters = new InvertersService(deps);
  const chartSelections = new ChartSelections(deps.db);

  registerEndpoint(app, listInverters, async ({ auth, query }) => inverters.list(auth, query));
  registerEndpoint(app, inverterCount, async ({ auth, query }) => inverters.count(auth, query));
  registerEndpoint(app, inverterAlias, async ({ auth, params, body }) => {
    await inverters.rename(auth, params.sn, body.alias);
    return null;
  });
  registerEndpoint(app, inverterDcPeak, async ({ auth, params, body }) => {
    await inverters.setDcPeak(auth, params.sn, body.dcPeakKw);
    return null;
  });
  registerEndpoint(app, deleteInverter, async ({ auth, params }) => {
    await inverters.remove(auth, params.sn);
    return null;
  });
  registerEndpoint(app, inverterDetail, async ({ auth, params }) =>
    inverters.detail(auth, params.sn),
  );
  registerEndpoint(app, inverterDayCurves, async ({ auth, params, query }) =>
    inverters.dayCurves(auth, params.sn, query.date),
  );
  registerEndpoint(app, inverterDayCsv, async ({ auth, params, query, request }) => {
    const locale = query.lan ? fromServerLanguage(query.lan) : requestLocale(request);
    const { fileName, csv } = await inverters.dayCsv(auth, params.sn, query.date, locale);
    return { fileName, body: csv };
  });
  registerEndpoint(app, chartParameters, async ({ auth, query }) =>
    inverters.chartParameters(auth, query.sn),
  );
  registerEndpoint(app, chartParameterDay, async ({ auth, params, query }) =>
    inverters.chartDay(auth, params.sn, query),
  );
  registerEndpoint(app, savedChartSelection, async ({ auth, query }) =>
    chartSelections.read(auth, query.chart),
  );
  registerEndpoint(app, saveChartSelection, async ({ auth, body }) =>
    chartSelections.save(auth, body),
  );
}

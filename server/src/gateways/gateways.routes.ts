import {
  checkGateways,
  createGateway,
  deleteGateway,
  GATEWAY_IMPORT_TEMPLATE_PATH,
  gatewayImportUpload,
  type GatewayRowResult,
  type GatewayTransport,
  getGateway,
  getGatewayProtocol,
  importGateways,
  listGateways,
  renameGateway,
  setGatewayProtocol,
  switchGatewaySettings,
  unbindGateway,
} from '@solar/contract';
import { errorMessage } from '../i18n/error-messages.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config/config.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { requestLocale } from '../http/request-language.js';
import { readFileBytes } from '../uploads/picture-upload.js';
import { importGateways as runImport, importTemplate, readImportFile } from './gateway-import.js';
import {
  type GatewayCommunicationRecord,
  presentCommunication,
  presentGateway,
  presentGatewayRow,
} from './gateways.presenter.js';
import { GatewayProtocolService } from './gateway-protocol.service.js';
import { GatewaysService, type RowOutcome } from './gateways.service.js';

/**
 * Where a datalogger of this transport connects: the broker (the external one without its
 * credentials, or the embedded one on this host), or the HTTP upload path of this portal.
 */
function serverAddress(config: Config, request: FastifyRequest, transport: GatewayTransport) {
  if (transport === 'http') return `${request.protocol}://${request.host}/ingest/v1/data`;
  if (config.MQTT_URL) {
    const url = new URL(config.MQTT_URL);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  }
  return `mqtt://${request.hostname}:${config.MQTT_PORT}`;
}

function rowResult(
  request: FastifyRequest,
  row: number,
  sn: string,
  outcome: RowOutcome,
): GatewayRowResult {
  return {
    row,
    sn,
    code: outcome.code,
    msg: errorMessage(outcome.code, requestLocale(request)),
    ...(outcome.detail === undefined ? {} : { detail: outcome.detail }),
  };
}

export function gatewaysRoutes(app: FastifyInstance, deps: AppDeps): void {
  const gateways = new GatewaysService(deps.db);
  // The commands service is decorated by the commands routes, registered before these.
  const protocol = new GatewayProtocolService(gateways, app.commands);
  const communication = (request: FastifyRequest, row: GatewayCommunicationRecord) =>
    presentCommunication(row, serverAddress(deps.config, request, row.transport));

  registerEndpoint(app, listGateways, async ({ auth, query }) => {
    const { rows, total } = await gateways.list(auth, query);
    return { infos: rows.map(presentGatewayRow), total };
  });

  registerEndpoint(app, getGateway, async ({ auth, params }) =>
    presentGateway(await gateways.detail(auth, params.sn)),
  );

  registerEndpoint(app, createGateway, async ({ auth, body }) =>
    presentGateway(await gateways.create(auth, body)),
  );

  registerEndpoint(app, deleteGateway, async ({ auth, params }) => {
    await gateways.remove(auth, params.sn);
    return null;
  });

  registerEndpoint(app, renameGateway, async ({ auth, params, body }) =>
    presentGateway(await gateways.rename(auth, params.sn, body.alias ?? null)),
  );

  registerEndpoint(app, unbindGateway, async ({ auth, params }) =>
    presentGateway(await gateways.unbind(auth, params.sn)),
  );

  registerEndpoint(app, getGatewayProtocol, async ({ auth, params, request }) =>
    communication(request, await gateways.communication(auth, params.sn)),
  );

  registerEndpoint(app, setGatewayProtocol, async ({ auth, params, body, request }) =>
    communication(request, await protocol.change(auth, params.sn, body)),
  );

  registerEndpoint(app, switchGatewaySettings, async ({ auth, params, body, request }) =>
    communication(request, await gateways.switchSettings(auth, params.sn, body.isEnabled)),
  );

  registerEndpoint(app, checkGateways, async ({ body, request }) => {
    const outcomes = await gateways.check(body.gateways);
    return {
      results: outcomes.map((outcome, index) =>
        rowResult(request, index + 1, body.gateways[index]?.sn ?? '', outcome),
      ),
    };
  });

  registerEndpoint(app, importGateways, async ({ auth, request }) => {
    const rows = await readImportFile(await readFileBytes(request, gatewayImportUpload));
    const results = await runImport(deps.db, gateways, auth, rows);
    const imported = results.filter((result) => result.code === 0).length;
    return {
      imported,
      failed: results.length - imported,
      results: results.map((result) => rowResult(request, result.row, result.sn, result)),
    };
  });

  // A file download, not an envelope: public, since it holds only the header row. Kept off the
  // OpenAPI page, which describes envelope answers (the import endpoint's summary names it).
  app.get(GATEWAY_IMPORT_TEMPLATE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', 'attachment; filename="datalogger-import-template.xlsx"')
      .header('cache-control', 'public, max-age=3600')
      .send(importTemplate()),
  );
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

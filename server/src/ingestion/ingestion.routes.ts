import {
  DATALOGGER_KEY_HEADER,
  DATALOGGER_SN_HEADER,
  deleteQuarantinedMessage,
  ErrorCode,
  ingestData,
  ingestionStats,
  quarantinedMessages,
  reingestQuarantinedMessage,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { RaisedEventsDeps } from '../events/raised-events.js';
import { DataloggerKeyGuard } from '../broker/datalogger-key-guard.js';
import { messageOf } from '../commands/command-store.js';
import { AppError } from '../errors/app-error.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { ackBodyOf, IngestionService } from './ingestion-service.js';
import { ingestionCounters } from './ingestion-stats.js';
import { presentQuarantinedMessage } from './quarantine.presenter.js';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function ingestionRoutes(app: FastifyInstance, deps: AppDeps & RaisedEventsDeps): void {
  const service = new IngestionService(deps);
  const keys = new DataloggerKeyGuard(deps.db, service.directory);

  registerEndpoint(app, ingestData, async ({ body, request }) => {
    const sn = header(request.headers[DATALOGGER_SN_HEADER]);
    const key = header(request.headers[DATALOGGER_KEY_HEADER]);
    const check = sn ? await keys.check(sn, key, request.ip) : null;
    if (check?.kind === 'overBudget') throw new AppError(ErrorCode.tooManyAttempts);
    if (check?.kind !== 'accepted') {
      ingestionCounters.reject('credentials');
      throw new AppError(ErrorCode.dataloggerCredentials);
    }
    const { datalogger } = check;
    const outcome = await service.ingestUpload(datalogger, body);
    const answer =
      outcome.kind === 'stored' || outcome.kind === 'quarantined' ? ackBodyOf(outcome) : { ts: [] };
    // HTTP-only dataloggers fetch their commands here (docs/device-protocol.md, downlink).
    const pending = app.hasDecorator('commandChannel')
      ? await app.commandChannel.pendingFor(datalogger.id)
      : [];
    return pending.length > 0 ? { ...answer, commands: pending.map(messageOf) } : answer;
  });

  registerEndpoint(app, ingestionStats, async () => ingestionCounters.snapshot());

  registerEndpoint(app, quarantinedMessages, async ({ query }) => {
    const { rows, total } = await service.quarantine.page(
      (query.page - 1) * query.size,
      query.size,
    );
    return { infos: rows.map(presentQuarantinedMessage), total };
  });

  registerEndpoint(app, reingestQuarantinedMessage, ({ params }) => service.reingest(params.id));

  registerEndpoint(app, deleteQuarantinedMessage, async ({ params }) => {
    if (!(await service.quarantine.remove(params.id)))
      throw new AppError(ErrorCode.quarantinedMessageNotFound);
    return null;
  });
}

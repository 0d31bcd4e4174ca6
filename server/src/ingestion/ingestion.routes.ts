import {
  DATALOGGER_KEY_HEADER,
  DATALOGGER_SN_HEADER,
  ErrorCode,
  ingestData,
  ingestionStats,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { RaisedEventsDeps } from '../events/raised-events.js';
import { DataloggerKeyGuard } from '../broker/datalogger-key-guard.js';
import { messageOf } from '../commands/command-store.js';
import { AppError } from '../errors/app-error.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { IngestionService } from './ingestion-service.js';
import { ingestionCounters } from './ingestion-stats.js';

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
    const ts = outcome.kind === 'stored' ? outcome.ts : [];
    // HTTP-only dataloggers fetch their commands here (docs/device-protocol.md, downlink).
    const pending = app.hasDecorator('commandChannel')
      ? await app.commandChannel.pendingFor(datalogger.id)
      : [];
    return pending.length > 0 ? { ts, commands: pending.map(messageOf) } : { ts };
  });

  registerEndpoint(app, ingestionStats, async () => ingestionCounters.snapshot());
}

import { readEpmSettings, writeEpmSettings } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { CommandLogRow } from '../commands/command-store.js';
import { confirmedRecord } from '../commands/confirmed-record.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { EpmService, settingsOfResult } from './epm.service.js';

export function epmRoutes(app: FastifyInstance, deps: AppDeps): void {
  const commands = app.commands;
  const epm = new EpmService(deps, commands);

  /** The settings the device read back, with the confirmed command. */
  const readBack = (row: CommandLogRow) => {
    const command = confirmedRecord(row);
    return { settings: settingsOfResult(command.result), command };
  };

  registerEndpoint(app, readEpmSettings, async ({ auth, params }) =>
    readBack(await epm.settingsCommand(auth, params.sn, null)),
  );

  registerEndpoint(app, writeEpmSettings, async ({ auth, params, body }) =>
    readBack(await epm.settingsCommand(auth, params.sn, body)),
  );
}

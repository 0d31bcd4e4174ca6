import { type EpmRow, listEpmDevices, readEpmSettings, writeEpmSettings } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { CommandRow } from '../commands/command-store.js';
import { confirmedRecord } from '../commands/confirmed-record.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { EpmService, settingsOfResult } from './epm.service.js';

function numberOf(values: unknown, key: string): number | null {
  const value = (values as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' ? value : null;
}

export function epmRoutes(app: FastifyInstance, deps: AppDeps): void {
  const commands = app.commands;
  const epm = new EpmService(deps, commands);

  /** The settings the device read back, with the confirmed command. */
  const readBack = async (row: CommandRow) => {
    const command = await confirmedRecord(commands, row);
    return { settings: settingsOfResult(command.result), command };
  };

  registerEndpoint(app, listEpmDevices, async ({ auth, query }) => {
    const { rows, total } = await epm.list(auth, query);
    const infos: EpmRow[] = rows.map((row) => ({
      sn: row.sn,
      alias: row.alias,
      plantId: row.plant_id,
      plantName: row.plant_name,
      status: row.status,
      pGridW: numberOf(row.last_values, 'p_grid_w'),
      exportLimitW: numberOf(row.last_values, 'export_limit_w'),
      ts: row.last_seen_at?.toISOString() ?? null,
    }));
    return { infos, total };
  });

  registerEndpoint(app, readEpmSettings, async ({ auth, params }) =>
    readBack(await epm.settingsCommand(auth, params.sn, null)),
  );

  registerEndpoint(app, writeEpmSettings, async ({ auth, params, body }) =>
    readBack(await epm.settingsCommand(auth, params.sn, body)),
  );
}

import {
  bootInverter,
  cancelCommand,
  type CommandName,
  type CommandRecord,
  debugGateway,
  ErrorCode,
  ingestReply,
  listCommunicationLog,
  listDebugLog,
  readInverterSettings,
  restartGateway,
  settingValues,
  shutdownInverter,
  writeInverterSettings,
  DATALOGGER_KEY_HEADER,
  DATALOGGER_SN_HEADER,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { auditActor } from '../audit/audit.service.js';
import { AppError } from '../errors/app-error.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { DataloggerDirectory } from '../broker/datalogger-directory.js';
import { RegisterMapsService } from '../register-maps/register-maps.service.js';
import { CommandChannel } from './command-channel.js';
import { commandCounters } from './command-stats.js';
import { presentCommand } from './commands.presenter.js';
import { type CommandTarget, CommandsService } from './commands.service.js';
import { confirmedRecord } from './confirmed-record.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's command channel; `main.ts` connects it once telemetry runs. */
    commandChannel: CommandChannel;
    /** The one service every domain sends device commands through (registered first). */
    commands: CommandsService;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function commandsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const channel = new CommandChannel(deps.db, deps.notifications, deps.logger);
  app.decorate('commandChannel', channel);
  app.addHook('onClose', async () => channel.stop());
  const commands = new CommandsService(deps.db, channel, deps.config.COMMAND_TIMEOUT_MS);
  app.decorate('commands', commands);
  const directory = new DataloggerDirectory(deps.db);
  const registerMaps = new RegisterMapsService(deps.db);

  /** Runs a command; code 0 only when the device confirmed, else 604 or 1 with the record. */
  const execute = async (
    auth: AuthContext,
    target: CommandTarget,
    name: CommandName,
    args: Record<string, unknown> = {},
  ): Promise<CommandRecord> => confirmedRecord(await commands.send(auth, target, name, args));

  /** The settings the device read back, as the result of a settings command carries them. */
  const settingsOf = (record: CommandRecord) => {
    const values = settingValues.safeParse(record.result?.values);
    return { values: values.success ? values.data : {}, command: record };
  };

  registerEndpoint(app, bootInverter, async ({ auth, params }) =>
    execute(auth, await commands.inverter(auth, params.sn), 'inverter.boot'),
  );

  registerEndpoint(app, shutdownInverter, async ({ auth, params }) =>
    execute(auth, await commands.inverter(auth, params.sn), 'inverter.shutdown'),
  );

  registerEndpoint(app, restartGateway, async ({ auth, params }) =>
    execute(auth, await commands.gateway(auth, params.sn), 'datalogger.restart'),
  );

  registerEndpoint(app, writeInverterSettings, async ({ auth, params, body }) => {
    // The model's register map decides what may be written (4, 600, 601, 605) before anything is sent.
    const { values } = await registerMaps.checkSettingsWrite(auth, params.sn, body.values);
    const inverter = await commands.inverter(auth, params.sn);
    return settingsOf(await execute(auth, inverter, 'settings.write', { values }));
  });

  registerEndpoint(app, readInverterSettings, async ({ auth, params }) =>
    settingsOf(await execute(auth, await commands.inverter(auth, params.sn), 'settings.read')),
  );

  registerEndpoint(app, debugGateway, async ({ auth, params, body }) =>
    execute(auth, await commands.gateway(auth, params.sn), 'raw', { payload: body.payload }),
  );

  registerEndpoint(app, listCommunicationLog, async ({ auth, query }) => {
    const { rows, total } = await commands.log(auth, { ...query, debug: false });
    return { infos: rows.map(presentCommand), total };
  });

  registerEndpoint(app, listDebugLog, async ({ auth, query }) => {
    const { rows, total } = await commands.log(auth, { ...query, debug: true });
    return { infos: rows.map(presentCommand), total };
  });

  registerEndpoint(app, cancelCommand, async ({ auth, params, request }) =>
    presentCommand(await commands.cancel(auth, auditActor(auth, request), params.id)),
  );

  registerEndpoint(app, ingestReply, async ({ body, request }) => {
    const sn = header(request.headers[DATALOGGER_SN_HEADER]);
    const key = header(request.headers[DATALOGGER_KEY_HEADER]);
    const datalogger = sn ? await directory.authenticate(sn, key) : null;
    if (!datalogger) {
      commandCounters.ignore('credentials');
      throw new AppError(ErrorCode.dataloggerCredentials);
    }
    return { accepted: await channel.acceptReply(datalogger.sn, body, false) };
  });
}

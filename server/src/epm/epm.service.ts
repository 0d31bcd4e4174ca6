import {
  EPM_SETTING_KEYS,
  type EpmSettings,
  ErrorCode,
  epmSettings,
  type listEpmDevices,
  type ParsedQuery,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { CommandRow } from '../commands/command-store.js';
import type { CommandsService } from '../commands/commands.service.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import { findVisibleDevice } from '../equipment/device-access.js';
import { AppError } from '../errors/app-error.js';
import { visiblePlants } from '../plants/plant-access.js';

type ListQuery = ParsedQuery<typeof listEpmDevices>;

/** The device's setting values for `settings`, under the protocol's keys. */
export function settingValuesOf(settings: EpmSettings): Record<string, string | number> {
  return {
    [EPM_SETTING_KEYS.mode]: settings.mode,
    [EPM_SETTING_KEYS.limit]: settings.limit,
    [EPM_SETTING_KEYS.failSafe]: settings.failSafe,
  };
}

/** The settings a device read back, or null when it did not report all three. */
export function settingsOfResult(result: Record<string, unknown> | null): EpmSettings | null {
  const values = (result?.values ?? {}) as Record<string, unknown>;
  const parsed = epmSettings.safeParse({
    mode: values[EPM_SETTING_KEYS.mode],
    limit: values[EPM_SETTING_KEYS.limit],
    failSafe: values[EPM_SETTING_KEYS.failSafe],
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Energy-management devices: the list of visible EPMs with grid power against the limit, and
 * the export limitation read from and written to the device through the command channel.
 */
export class EpmService {
  constructor(
    private readonly deps: AppDeps,
    private readonly commands: CommandsService,
  ) {}

  async list(auth: AuthContext, query: ListQuery) {
    let base = this.deps.db
      .selectFrom('devices')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
      .where('devices.kind', '=', 'epm');
    if (auth.kind !== 'platform_admin') {
      base = base.where((eb) =>
        eb(
          'dataloggers.plant_id',
          'in',
          eb.selectFrom('plants').select('plants.id').where(visiblePlants(auth)),
        ),
      );
    }
    if (query.plantId !== undefined) base = base.where('dataloggers.plant_id', '=', query.plantId);
    if (query.keyword) {
      const pattern = containsPattern(query.keyword);
      base = base.where((eb) =>
        eb.or([
          eb('devices.sn', 'ilike', pattern),
          eb('devices.alias', 'ilike', pattern),
          eb('plants.name', 'ilike', pattern),
        ]),
      );
    }
    const rows = base
      .select([
        'devices.sn',
        'devices.alias',
        'devices.status',
        'devices.last_values',
        'devices.last_seen_at',
        'plants.id as plant_id',
        'plants.name as plant_name',
      ])
      .orderBy('plants.name')
      .orderBy('devices.sn');
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    return fetchPage(rows, count, query);
  }

  /** Sends a settings command to an EPM the caller may see (`manage` to write); 606 otherwise. */
  async settingsCommand(
    auth: AuthContext,
    sn: string,
    settings: EpmSettings | null,
  ): Promise<CommandRow> {
    const found = await findVisibleDevice(this.deps.db, auth, sn);
    const isAllowed = found?.device.kind === 'epm' && (!settings || found.level === 'manage');
    if (!isAllowed) throw new AppError(ErrorCode.deviceNotFound);
    const target = await this.commands.deviceTarget(sn, 'epm');
    if (!target) throw new AppError(ErrorCode.deviceNotFound);
    return settings
      ? this.commands.sendAs(auth.userId, target, 'settings.write', {
          values: settingValuesOf(settings),
        })
      : this.commands.sendAs(auth.userId, target, 'settings.read', {
          keys: Object.values(EPM_SETTING_KEYS),
        });
  }
}

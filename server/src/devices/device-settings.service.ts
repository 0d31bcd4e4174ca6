import {
  type CommandName,
  DEVICE_FAMILIES,
  type DeviceSettings,
  type DeviceSettingsData,
  type DeviceSettingValues,
  ErrorCode,
  type GenericFamilyId,
  settingValues,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { confirmedRecord } from '../commands/confirmed-record.js';
import type { CommandsService } from '../commands/commands.service.js';
import { AppError } from '../errors/app-error.js';
import type { DevicesService } from './devices.service.js';
import { readMeterSettings, writeMeterSettings } from './meter-settings.js';

/**
 * The settings of the families that have them (families.ts `settings`): the portal's own
 * (a meter's) from its table, the device's (a battery's work mode, a heat pump's state and mode)
 * through the command channel, answered with what the device read back.
 */
export class DeviceSettingsService {
  constructor(
    private readonly deps: AppDeps,
    private readonly devices: DevicesService,
    private readonly commands: CommandsService,
  ) {}

  private settingsOf(family: GenericFamilyId): DeviceSettings {
    const settings = DEVICE_FAMILIES[family].settings;
    if (!settings) throw new Error(`Family ${family} has no settings`);
    return settings;
  }

  async read(auth: AuthContext, family: GenericFamilyId, sn: string): Promise<DeviceSettingsData> {
    const settings = this.settingsOf(family);
    const { device } = await this.devices.find(auth, family, sn);
    if (settings.store === 'portal') {
      return { values: await readMeterSettings(this.deps.db, device.id), command: null };
    }
    const keys = settings.fields.map((field) => field.key);
    return this.run(auth, family, sn, 'settings.read', { keys });
  }

  async write(
    auth: AuthContext,
    family: GenericFamilyId,
    sn: string,
    values: DeviceSettingValues,
  ): Promise<DeviceSettingsData> {
    const settings = this.settingsOf(family);
    const found = await this.devices.find(auth, family, sn);
    if (found.level !== 'manage') throw new AppError(ErrorCode.noPermission);
    if (settings.store === 'portal') {
      const meter = { id: found.device.id, plantId: found.device.plant_id };
      await writeMeterSettings(this.deps.db, meter, values);
      return { values: await readMeterSettings(this.deps.db, meter.id), command: null };
    }
    return this.run(auth, family, sn, 'settings.write', { values });
  }

  /** Sends the command and waits; code 0 only when the device confirmed, else 604, 1 or 602. */
  private async run(
    auth: AuthContext,
    family: GenericFamilyId,
    sn: string,
    name: CommandName,
    args: Record<string, unknown>,
  ): Promise<DeviceSettingsData> {
    const kind = DEVICE_FAMILIES[family].kind;
    if (kind === null) throw new Error(`Family ${family} has no device kind`);
    const target = await this.commands.device(auth, sn, kind);
    const row = await this.commands.send(auth, target, name, args);
    const command = confirmedRecord(row);
    const keys = new Set(this.settingsOf(family).fields.map((field) => field.key));
    const readBack = settingValues.safeParse(command.result?.values);
    const values = Object.fromEntries(
      Object.entries(readBack.success ? readBack.data : {}).filter(([key]) => keys.has(key)),
    );
    return { values, command };
  }
}

import { EPM_SETTING_KEYS, type EpmSettings, ErrorCode, epmSettings } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { CommandLogRow } from '../commands/command-store.js';
import type { CommandsService } from '../commands/commands.service.js';
import { findVisibleDevice } from '../equipment/device-access.js';
import { AppError } from '../errors/app-error.js';

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
 * Energy-management devices: the export limitation read from and written to the device through
 * the command channel (their list is the EPM family's, `/api/v1/epms`).
 */
export class EpmService {
  constructor(
    private readonly deps: AppDeps,
    private readonly commands: CommandsService,
  ) {}

  /** Sends a settings command to an EPM the caller may see (`manage` to write); 606 otherwise. */
  async settingsCommand(
    auth: AuthContext,
    sn: string,
    settings: EpmSettings | null,
  ): Promise<CommandLogRow> {
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

import type { UpgradeFailureMode } from '@solar/contract';
import {
  builtinRegisterMap,
  type CommandMessage,
  type CommandReply,
  commandMessage,
  type DataloggerRecord,
  type DeviceKind,
  type DeviceReading,
  inverterModelOf,
  type InverterSwitchState,
  LEAKAGE_TEST_SECONDS,
  settingValues,
} from '@solar/contract';
import { type UpgradeJob, upgradeJob } from './firmware-updater.js';
import { applyExportLimit, epmFactorySettings, exportLimitW } from './epm-device.js';
import { SimulatedSwitch, type SwitchConfig } from './switch-device.js';

type SettingValues = Record<string, number | string | boolean>;

/** Settings of a device without a register map: a datalogger's communication, for one. */
const GENERIC_SETTINGS: Readonly<SettingValues> = { transport: 'mqtt', reportingIntervalS: 300 };

/**
 * What the other device kinds hold from the factory: the fields of their family's `device`
 * settings (packages/contract/src/devices/families.ts), so the portal's forms read back real keys.
 */
const KIND_SETTINGS: Partial<Record<DeviceKind, Readonly<SettingValues>>> = {
  battery: {
    work_mode: 'self_consumption',
    backup_reserve_pct: 20,
    charge_start: '01:00',
    charge_end: '05:00',
    discharge_start: '17:00',
    discharge_end: '21:00',
  },
  heat_pump: { state: 'on', mode: 'heating' },
  ess: { state: 'on', mode: 'self_consumption' },
};

/** Setting keys that are also readings: a device reports the state and mode it was set to. */
const REPORTED_SETTINGS = ['state', 'mode'] as const;

/**
 * What a simulated inverter's firmware holds: the defaults of its model's register map
 * (`packages/contract/src/register-maps`), so the portal's settings page reads back real keys.
 */
export function factorySettings(model: string | undefined): SettingValues {
  const family = inverterModelOf(model)?.settingsFamily;
  const map = family ? builtinRegisterMap(family) : null;
  if (!map) return { ...GENERIC_SETTINGS };
  return Object.fromEntries(
    map.settings.flatMap((setting) =>
      setting.defaultValue === null ? [] : [[setting.key, setting.defaultValue]],
    ),
  );
}

export interface SimulatedInverter {
  sn: string;
  /** Model code (`3303`), which decides the register map. */
  model?: string;
}

export interface ResponderOptions {
  dataloggerSn: string;
  /** The inverters behind the datalogger. */
  inverters: readonly SimulatedInverter[];
  /** SNs of other devices behind it (they take settings but not boot/shutdown). */
  otherDevices?: readonly string[];
  /** The kinds of the other devices, which decide their factory settings. */
  deviceKinds?: Readonly<Record<string, DeviceKind>>;
  /** Smart and AC switches behind it. */
  switches?: readonly SwitchConfig[];
  /** The EPM behind it, limiting the export of `ratedAcW` of inverters. */
  epm?: { sn: string; ratedAcW: number };
  /** Share of commands left unanswered (0 to 1), so timeouts are exercised. */
  dropRate?: number;
  random?: () => number;
  /** Devices told to fail their next firmware upgrades, and how. */
  upgradeFailures?: Readonly<Record<string, UpgradeFailureMode>>;
}

/** What the datalogger does after answering. */
export type AfterReply = 'none' | 'publishRecord' | 'restart' | 'upgradeFirmware';

export interface CommandOutcome {
  /** Replies to publish in order (empty when the command is dropped). */
  replies: CommandReply[];
  after: AfterReply;
  /** With `upgradeFirmware`: the job the device took. */
  upgrade?: { target: string; job: UpgradeJob; failure?: UpgradeFailureMode };
  /** The device works this long before the last reply (the leakage test's power cut). */
  lastReplyDelayMs?: number;
}

/** The AC power of a record's inverters. */
/** Sum of one value over the devices of some kinds, W. */
function powerOf(record: DataloggerRecord, kinds: readonly DeviceKind[], key: string): number {
  return record.devices.reduce((sum, device) => {
    const value = (device.values as Record<string, unknown>)[key];
    return sum + (kinds.includes(device.kind) && typeof value === 'number' ? value : 0);
  }, 0);
}

/** The powers the meter's balance is made of: grid = load − PV − storage, load ⊇ sub-loads. */
function sitePowers(record: DataloggerRecord) {
  return {
    pvW: powerOf(record, ['inverter'], 'pac_w'),
    subLoadsW: powerOf(record, ['heat_pump', 'switch'], 'p_w'),
    storageW: powerOf(record, ['battery', 'ess'], 'p_bat_w'),
  };
}

/**
 * `changed` with its meter showing what changed from `simulated`: an inverter switched off
 * leaves the grid to make up for its power, a switched load adds to the site's load and the
 * grid, a storage unit switched off no longer takes or gives.
 */
function rebalanced(simulated: DataloggerRecord, changed: DataloggerRecord): DataloggerRecord {
  const before = sitePowers(simulated);
  const after = sitePowers(changed);
  const loadShiftW = after.subLoadsW - before.subLoadsW;
  const gridShiftW = loadShiftW - (after.pvW - before.pvW) - (after.storageW - before.storageW);
  if (loadShiftW === 0 && gridShiftW === 0) return changed;
  return {
    ...changed,
    devices: changed.devices.map((device) =>
      device.kind === 'meter'
        ? {
            ...device,
            values: {
              ...device.values,
              ...(device.values.p_grid_w === undefined
                ? {}
                : { p_grid_w: device.values.p_grid_w + gridShiftW }),
              ...(device.values.p_load_w === undefined
                ? {}
                : { p_load_w: device.values.p_load_w + loadShiftW }),
            },
          }
        : device,
    ),
  };
}

/**
 * The device side of the downlink (docs/device-protocol.md): carries out a datalogger's
 * commands on the simulated plant. Boot and shutdown switch an inverter (power 0, status
 * standby while off), settings are kept per device and read back, restart answers done before
 * the connection drops, unknown commands or targets fail with a reason, and a command seen
 * before gets its first answer again (the portal resends after restarts).
 */
export class CommandResponder {
  private readonly switches = new Map<string, InverterSwitchState>();
  private readonly settings = new Map<string, SettingValues>();
  private readonly models = new Map<string, string | undefined>();
  private readonly answered = new Map<string, CommandOutcome>();
  private readonly firmwareVersions = new Map<string, string>();
  private readonly upgrading = new Set<string>();
  private readonly switchDevices = new Map<string, SimulatedSwitch>();

  constructor(private readonly options: ResponderOptions) {
    for (const { sn, model } of options.inverters) {
      this.switches.set(sn, 'on');
      this.models.set(sn, model);
    }
    for (const config of options.switches ?? []) {
      this.switchDevices.set(config.sn, new SimulatedSwitch(config, options.random));
    }
  }

  /** The firmware version a device runs (`1.0.0` until it is upgraded). */
  firmwareVersionOf(sn: string): string {
    return this.firmwareVersions.get(sn) ?? '1.0.0';
  }

  /** While upgrading, a device reports status `upgrading`; after, the version it runs. */
  setUpgrading(sn: string, isUpgrading: boolean, version?: string): void {
    if (isUpgrading) this.upgrading.add(sn);
    else this.upgrading.delete(sn);
    if (version) this.firmwareVersions.set(sn, version);
  }

  switchOf(sn: string): InverterSwitchState | undefined {
    return this.switches.get(sn);
  }

  /** Handles one raw `dl/{sn}/cmd` payload; null when it is not a command at all. */
  handle(payload: unknown): CommandOutcome | null {
    const parsed = commandMessage.safeParse(payload);
    if (!parsed.success) return null;
    const command = parsed.data;
    const seen = this.answered.get(command.id);
    if (seen) return { replies: seen.replies.slice(-1), after: 'none' };
    if (Date.parse(command.deadline) < Date.now()) return { replies: [], after: 'none' };
    const random = this.options.random ?? Math.random;
    if (random() < (this.options.dropRate ?? 0)) return { replies: [], after: 'none' };
    const outcome = this.execute(command);
    this.answered.set(command.id, outcome);
    if (this.answered.size > 1000) {
      const oldest = this.answered.keys().next().value;
      if (oldest !== undefined) this.answered.delete(oldest);
    }
    return outcome;
  }

  /**
   * Puts what the commands changed on top of the simulated readings: an inverter switched off
   * gives 0 W in standby, a heat pump or storage system switched off 0 W, the switches report
   * their state and load, the meter sees what all that changed, and the EPM curtails the
   * export to its limit. `stepSeconds`: the time the record stands for (switch energy).
   */
  apply(record: DataloggerRecord, stepSeconds = 0): DataloggerRecord {
    const at = new Date(record.ts);
    const inverters = this.switchInverters(record);
    const switches = [...this.switchDevices.values()].map((device) =>
      device.reading(at, stepSeconds),
    );
    const withSwitches = rebalanced(record, {
      ...inverters,
      devices: [...inverters.devices, ...switches],
    });
    const epm = this.options.epm;
    if (!epm) return withSwitches;
    const limitW = exportLimitW(this.settingsOf(epm.sn), epm.ratedAcW);
    return applyExportLimit(withSwitches, epm.sn, limitW);
  }

  private switchInverters(record: DataloggerRecord): DataloggerRecord {
    return {
      ...record,
      devices: record.devices.map((device) => {
        if (device.kind !== 'inverter') return this.withSettings(device);
        if (this.upgrading.has(device.sn)) {
          return { ...device, values: { ...device.values, pac_w: 0, status: 'upgrading' } };
        }
        const state = this.switches.get(device.sn) ?? 'on';
        if (state === 'on') return { ...device, values: { ...device.values, switch: 'on' } };
        const ac = device.values.ac?.map((phase) => ({ ...phase, i: 0 }));
        const pv = device.values.pv?.map((string) => ({ ...string, i: 0 }));
        return {
          ...device,
          values: {
            ...device.values,
            switch: 'off',
            pac_w: 0,
            status: 'standby',
            ...(ac ? { ac } : {}),
            ...(pv ? { pv } : {}),
          },
        };
      }),
    };
  }

  private execute(command: CommandMessage): CommandOutcome {
    const accepted: CommandReply = { id: command.id, state: 'accepted' };
    const fail = (reason: string): CommandOutcome => ({
      replies: [accepted, { id: command.id, state: 'failed', reason }],
      after: 'none',
    });
    const done = (after: AfterReply, result?: Record<string, unknown>): CommandOutcome => ({
      replies: [accepted, { id: command.id, state: 'done', ...(result ? { result } : {}) }],
      after,
    });
    const isInverter = this.switches.has(command.target);
    const switchDevice = this.switchDevices.get(command.target);
    const isDevice =
      isInverter ||
      switchDevice !== undefined ||
      command.target === this.options.epm?.sn ||
      command.target === this.options.dataloggerSn ||
      (this.options.otherDevices ?? []).includes(command.target);
    if (!isDevice) return fail(`Unknown target ${command.target}`);
    switch (command.name) {
      case 'inverter.boot':
      case 'inverter.shutdown': {
        if (!isInverter) return fail(`${command.target} is not an inverter`);
        this.switches.set(command.target, command.name === 'inverter.boot' ? 'on' : 'off');
        return done('publishRecord', { switch: this.switches.get(command.target) });
      }
      case 'switch.on':
      case 'switch.off': {
        if (!switchDevice) return fail(`${command.target} is not a switch`);
        switchDevice.state = command.name === 'switch.on' ? 'on' : 'off';
        return done('publishRecord', { state: switchDevice.state });
      }
      case 'switch.leakageTest': {
        if (!switchDevice) return fail(`${command.target} is not a switch`);
        const report = switchDevice.startLeakageTest();
        return {
          ...done('publishRecord', { ...report }),
          lastReplyDelayMs: LEAKAGE_TEST_SECONDS * 1000,
        };
      }
      case 'datalogger.restart':
        if (command.target !== this.options.dataloggerSn) {
          return fail(`${command.target} is not this datalogger`);
        }
        return done('restart');
      case 'settings.read': {
        const keys = Array.isArray(command.args.keys) ? command.args.keys : null;
        const current = this.settingsOf(command.target);
        const values = keys
          ? Object.fromEntries(Object.entries(current).filter(([key]) => keys.includes(key)))
          : current;
        return done('none', { values });
      }
      case 'settings.write': {
        const values = settingValues.safeParse(command.args.values);
        if (!values.success) return fail('Setting values are malformed');
        const held = this.settingsOf(command.target);
        const unknown = Object.keys(values.data).filter((key) => !(key in held));
        if (unknown.length > 0) return fail(`Unknown setting ${unknown.join(', ')}`);
        // Like real firmware, the grid code changes only while the inverter feeds nothing in.
        if ('gridCode' in values.data && this.switches.get(command.target) === 'on') {
          return fail('The grid code can be changed only while the inverter is shut down');
        }
        const current = { ...held, ...values.data };
        this.settings.set(command.target, current);
        const readBack = Object.fromEntries(
          Object.keys(values.data).map((key) => [key, current[key]!]),
        );
        return done('publishRecord', { values: readBack });
      }
      case 'firmware.upgrade': {
        const job = upgradeJob.safeParse(command.args);
        if (!job.success) return fail('Upgrade job is malformed');
        if (this.upgrading.has(command.target)) return fail('An upgrade is already running');
        const failure = this.options.upgradeFailures?.[command.target];
        return {
          ...done('upgradeFirmware'),
          upgrade: { target: command.target, job: job.data, ...(failure ? { failure } : {}) },
        };
      }
      case 'raw': {
        const payload = typeof command.args.payload === 'string' ? command.args.payload : '';
        return done('none', { reply: `OK ${payload.slice(0, 200)}` });
      }
      default:
        return fail(`Unknown command ${command.name}`);
    }
  }

  private settingsOf(sn: string): SettingValues {
    return this.settings.get(sn) ?? this.factorySettingsOf(sn);
  }

  private factorySettingsOf(sn: string): SettingValues {
    const epm = this.options.epm;
    if (sn === epm?.sn) return epmFactorySettings(epm.ratedAcW);
    const kind = this.options.deviceKinds?.[sn];
    const kindSettings = kind ? KIND_SETTINGS[kind] : undefined;
    return { ...(kindSettings ?? factorySettings(this.models.get(sn))) };
  }

  /** A switched device reports the state and mode it was set to, and draws nothing while off. */
  private withSettings(device: DeviceReading): DeviceReading {
    const held = this.settings.get(device.sn);
    if (!held) return device;
    const reported = Object.fromEntries(
      REPORTED_SETTINGS.flatMap((key) => (key in held ? [[key, held[key]]] : [])),
    );
    const isOff = reported.state === 'off';
    const idle = isOff
      ? {
          ...('p_w' in device.values ? { p_w: 0 } : {}),
          ...('p_bat_w' in device.values ? { p_bat_w: 0 } : {}),
        }
      : {};
    return { ...device, values: { ...device.values, ...reported, ...idle } } as DeviceReading;
  }
}

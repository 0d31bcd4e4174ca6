import type {
  EnumOption,
  GridCodeEntry,
  Phase,
  RegisterEntry,
  RegisterMap,
  SettingsFamily,
} from './map.js';

/**
 * The built-in register maps of the spec's brand families. The brands share most settings (grid
 * code, power limit, reactive power, protection thresholds, export limitation) but place them
 * at their own register addresses and offer their own grid codes; storage families add the
 * battery section. Each map is data: the form, validation and device commands read it.
 */

/** Grid codes and the phases of the models each may be used on. */
const GRID_CODE_PHASES: Record<string, readonly Phase[]> = {
  'VDE-AR-N 4105': [1, 3],
  'VDE-AR-N 4110': [3],
  'EN 50549-1': [1, 3],
  'EN 50549-2': [3],
  'CEI 0-21': [1, 3],
  'CEI 0-16': [3],
  G98: [1],
  G99: [1, 3],
  'AS/NZS 4777.2': [1, 3],
  'NB/T 32004': [1, 3],
  'IEC 61727': [1, 3],
  'UTE C15-712-1': [1, 3],
  'NRS 097-2-1': [1, 3],
  'IEEE 1547': [1, 3],
};

interface FamilyLayout {
  family: SettingsFamily;
  name: string;
  phases: Phase;
  /** First holding register of the brand's settings block. */
  base: number;
  ratedPowerW: number;
  /** The brand's grid codes in its own register order. */
  gridCodes: readonly string[];
  defaultGridCode: string;
  hasBattery: boolean;
  /** Largest battery current in A (storage families). */
  maxBatteryCurrentA?: number;
}

type NumericType = 'uint16' | 'int16' | 'uint32';

function numeric(
  key: string,
  type: NumericType,
  group: RegisterEntry['group'],
  title: string,
  spec: {
    unit: string | null;
    scale?: number;
    min: number;
    max: number;
    step?: number;
    defaultValue: number | null;
    isReadOnly?: boolean;
    ranges?: { min: number; max: number }[];
  },
): Omit<RegisterEntry, 'address'> {
  const scale = spec.scale ?? 0;
  return {
    key,
    type,
    size: type === 'uint32' ? 2 : 1,
    unit: spec.unit,
    scale,
    min: spec.min,
    max: spec.max,
    ...(spec.ranges ? { ranges: spec.ranges } : {}),
    step: spec.step ?? 10 ** scale,
    isReadOnly: spec.isReadOnly ?? false,
    group,
    title,
    defaultValue: spec.defaultValue,
  };
}

function choice(
  key: string,
  group: RegisterEntry['group'],
  title: string,
  options: EnumOption[],
  defaultValue: string,
): Omit<RegisterEntry, 'address'> {
  return {
    key,
    type: 'enum',
    size: 1,
    unit: null,
    scale: 0,
    min: null,
    max: null,
    step: null,
    options,
    isReadOnly: false,
    group,
    title,
    defaultValue,
  };
}

function flag(
  key: string,
  group: RegisterEntry['group'],
  title: string,
  defaultValue: boolean,
): Omit<RegisterEntry, 'address'> {
  return {
    key,
    type: 'bool',
    size: 1,
    unit: null,
    scale: 0,
    min: null,
    max: null,
    step: null,
    isReadOnly: false,
    group,
    title,
    defaultValue,
  };
}

const options = (entries: [value: string, title: string][]): EnumOption[] =>
  entries.map(([value, title], register) => ({ value, register, title }));

function settingsOf(layout: FamilyLayout): RegisterEntry[] {
  const nominalV = 230;
  const entries: Omit<RegisterEntry, 'address'>[] = [
    numeric('ratedPowerW', 'uint32', 'device', 'Rated power', {
      unit: 'W',
      min: 0,
      max: 4294967295,
      defaultValue: null,
      isReadOnly: true,
    }),
    {
      key: 'firmwareVersion',
      type: 'string',
      size: 8,
      unit: null,
      scale: 0,
      min: null,
      max: null,
      step: null,
      isReadOnly: true,
      group: 'device',
      title: 'Firmware version',
      defaultValue: null,
    },
    {
      ...choice(
        'gridCode',
        'grid',
        'Grid code',
        layout.gridCodes.map((code, register) => ({ value: code, register, title: code })),
        layout.defaultGridCode,
      ),
      isGridCode: true,
    },
    numeric('startupDelayS', 'uint16', 'grid', 'Start-up delay', {
      unit: 's',
      min: 20,
      max: 600,
      defaultValue: 60,
    }),
    numeric('reconnectDelayS', 'uint16', 'grid', 'Reconnection delay', {
      unit: 's',
      min: 20,
      max: 900,
      defaultValue: 300,
    }),
    numeric('powerRampPctPerMin', 'uint16', 'grid', 'Soft-start ramp', {
      unit: '%/min',
      scale: -1,
      min: 1,
      max: 100,
      defaultValue: 10,
    }),
    numeric('activePowerLimitPct', 'uint16', 'powerControl', 'Active power limit', {
      unit: '%',
      scale: -1,
      min: 0,
      max: 100,
      defaultValue: 100,
    }),
    choice(
      'reactivePowerMode',
      'powerControl',
      'Reactive power mode',
      options([
        ['off', 'Off'],
        ['fixedPf', 'Fixed power factor'],
        ['fixedQ', 'Fixed reactive power'],
        ['cosPhiP', 'cos φ (P)'],
        ['qU', 'Q (U)'],
      ]),
      'off',
    ),
    numeric('powerFactor', 'int16', 'powerControl', 'Power factor', {
      unit: null,
      scale: -2,
      min: -1,
      max: 1,
      ranges: [
        { min: -1, max: -0.8 },
        { min: 0.8, max: 1 },
      ],
      defaultValue: 1,
    }),
    numeric('reactivePowerPct', 'int16', 'powerControl', 'Reactive power setpoint', {
      unit: '%',
      scale: -1,
      min: -60,
      max: 60,
      defaultValue: 0,
    }),
    flag('exportLimitEnabled', 'powerControl', 'Export limitation', false),
    numeric('exportLimitW', 'uint32', 'powerControl', 'Export limit', {
      unit: 'W',
      min: 0,
      max: layout.ratedPowerW,
      step: 10,
      defaultValue: 0,
    }),
    numeric('overVoltageStage1V', 'uint16', 'protection', 'Over-voltage stage 1', {
      unit: 'V',
      scale: -1,
      min: nominalV,
      max: 276,
      defaultValue: 253,
    }),
    numeric('overVoltageStage2V', 'uint16', 'protection', 'Over-voltage stage 2', {
      unit: 'V',
      scale: -1,
      min: nominalV,
      max: 300,
      defaultValue: 264.5,
    }),
    numeric('underVoltageStage1V', 'uint16', 'protection', 'Under-voltage stage 1', {
      unit: 'V',
      scale: -1,
      min: 100,
      max: nominalV,
      defaultValue: 184,
    }),
    numeric('overFrequencyHz', 'uint16', 'protection', 'Over-frequency', {
      unit: 'Hz',
      scale: -2,
      min: 50,
      max: 55,
      defaultValue: 51.5,
    }),
    numeric('underFrequencyHz', 'uint16', 'protection', 'Under-frequency', {
      unit: 'Hz',
      scale: -2,
      min: 45,
      max: 50,
      defaultValue: 47.5,
    }),
    flag('antiIslandingEnabled', 'protection', 'Anti-islanding protection', true),
    numeric('modbusAddress', 'uint16', 'system', 'Modbus address', {
      unit: null,
      min: 1,
      max: 247,
      defaultValue: 1,
    }),
  ];
  if (layout.hasBattery) {
    const maxCurrent = layout.maxBatteryCurrentA ?? 50;
    entries.push(
      choice(
        'batteryWorkMode',
        'battery',
        'Battery work mode',
        options([
          ['selfConsumption', 'Self-consumption'],
          ['timeOfUse', 'Time of use'],
          ['backup', 'Backup'],
          ['feedInPriority', 'Feed-in priority'],
        ]),
        'selfConsumption',
      ),
      numeric('reserveSocPct', 'uint16', 'battery', 'Reserve SOC', {
        unit: '%',
        min: 10,
        max: 100,
        defaultValue: 20,
      }),
      numeric('maxChargeCurrentA', 'uint16', 'battery', 'Max. charge current', {
        unit: 'A',
        scale: -1,
        min: 0,
        max: maxCurrent,
        defaultValue: maxCurrent,
      }),
      numeric('maxDischargeCurrentA', 'uint16', 'battery', 'Max. discharge current', {
        unit: 'A',
        scale: -1,
        min: 0,
        max: maxCurrent,
        defaultValue: maxCurrent,
      }),
      flag('gridChargeEnabled', 'battery', 'Charge from grid', false),
      flag('epsOutputEnabled', 'battery', 'EPS output', true),
    );
  }
  // Consecutive registers from the brand's base, as vendors lay out their settings blocks.
  let address = layout.base;
  return entries.map((entry) => {
    const placed = { ...entry, address };
    address += entry.size;
    return placed;
  });
}

function gridCodesOf(codes: readonly string[]): GridCodeEntry[] {
  return codes.map((code) => {
    const phases = GRID_CODE_PHASES[code];
    if (!phases) throw new Error(`Grid code ${code} has no phases`);
    return { code, phases: [...phases] };
  });
}

const EUROPE = ['VDE-AR-N 4105', 'EN 50549-1', 'CEI 0-21', 'G98', 'G99', 'UTE C15-712-1'];
const EUROPE_MV = ['VDE-AR-N 4110', 'EN 50549-2', 'CEI 0-16'];
const WORLD = ['AS/NZS 4777.2', 'NB/T 32004', 'IEC 61727', 'NRS 097-2-1', 'IEEE 1547'];

const LAYOUTS: readonly FamilyLayout[] = [
  {
    family: 'mt',
    name: 'MT single-phase string inverters',
    phases: 1,
    base: 0x1000,
    ratedPowerW: 6000,
    gridCodes: [...EUROPE, ...WORLD],
    defaultGridCode: 'VDE-AR-N 4105',
    hasBattery: false,
  },
  {
    family: 'gy',
    name: 'GY three-phase string inverters',
    phases: 3,
    base: 0x2000,
    ratedPowerW: 20000,
    gridCodes: [...EUROPE, ...EUROPE_MV, ...WORLD],
    defaultGridCode: 'EN 50549-1',
    hasBattery: false,
  },
  {
    family: 'dy-store-single',
    name: 'DY single-phase hybrid (storage) inverters',
    phases: 1,
    base: 0x3000,
    ratedPowerW: 6000,
    gridCodes: [...EUROPE, ...WORLD],
    defaultGridCode: 'VDE-AR-N 4105',
    hasBattery: true,
    maxBatteryCurrentA: 100,
  },
  {
    family: 'dy-store-three',
    name: 'DY three-phase hybrid (storage) inverters',
    phases: 3,
    base: 0x3400,
    ratedPowerW: 12000,
    gridCodes: [...EUROPE, ...EUROPE_MV, ...WORLD],
    defaultGridCode: 'VDE-AR-N 4105',
    hasBattery: true,
    maxBatteryCurrentA: 50,
  },
  {
    family: 'dy-grid',
    name: 'DY three-phase grid-tied inverters',
    phases: 3,
    base: 0x3800,
    ratedPowerW: 50000,
    gridCodes: [...EUROPE_MV, 'EN 50549-1', 'VDE-AR-N 4105', ...WORLD],
    defaultGridCode: 'EN 50549-2',
    hasBattery: false,
  },
  {
    family: 'asw',
    name: 'ASW three-phase inverters',
    phases: 3,
    base: 40200,
    ratedPowerW: 10000,
    gridCodes: [...EUROPE, ...WORLD],
    defaultGridCode: 'CEI 0-21',
    hasBattery: false,
  },
  {
    family: 'uneet',
    name: 'Uneet microinverters',
    phases: 1,
    base: 0x0100,
    ratedPowerW: 2000,
    gridCodes: ['VDE-AR-N 4105', 'EN 50549-1', 'G98', 'NB/T 32004', 'AS/NZS 4777.2'],
    defaultGridCode: 'VDE-AR-N 4105',
    hasBattery: false,
  },
  {
    family: 'sidaoer',
    name: 'Sidaoer three-phase inverters',
    phases: 3,
    base: 0x5000,
    ratedPowerW: 30000,
    gridCodes: ['NB/T 32004', 'IEC 61727', 'EN 50549-1', 'EN 50549-2', 'G98', 'G99'],
    defaultGridCode: 'NB/T 32004',
    hasBattery: false,
  },
  {
    family: 'thinkPower',
    name: 'ThinkPower single-phase inverters',
    phases: 1,
    base: 0x0600,
    ratedPowerW: 5000,
    gridCodes: ['G98', 'G99', 'VDE-AR-N 4105', 'CEI 0-21', 'AS/NZS 4777.2', 'NRS 097-2-1'],
    defaultGridCode: 'G98',
    hasBattery: false,
  },
];

export const BUILTIN_REGISTER_MAPS: readonly RegisterMap[] = LAYOUTS.map((layout) => ({
  family: layout.family,
  version: 1,
  name: layout.name,
  source: 'builtin',
  sunspecModelId: null,
  phases: layout.phases,
  gridCodes: gridCodesOf(layout.gridCodes),
  settings: settingsOf(layout),
}));

/** The built-in map of a family (the server adds imported, newer versions). */
export function builtinRegisterMap(family: SettingsFamily): RegisterMap | null {
  return BUILTIN_REGISTER_MAPS.find((map) => map.family === family) ?? null;
}

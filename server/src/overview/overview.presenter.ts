import {
  type DeviceKind,
  type DeviceStatus,
  eventLevelLetter,
  type FlowNode,
  type Locale,
  type PlantEvent,
  type energyFlowEdge,
} from '@solar/contract';
import { describeEvent } from '../events/event-texts.js';
import type { z } from 'zod';

export interface EventRow {
  id: number;
  code: string;
  level: number;
  started_at: Date;
  ended_at: Date | null;
  sn: string;
  kind: DeviceKind;
  texts: unknown;
}

export function presentEvent(row: EventRow, locale: Locale): PlantEvent {
  return {
    id: Number(row.id),
    deviceSn: row.sn,
    deviceKind: row.kind,
    code: row.code,
    level: row.level,
    levelLetter: eventLevelLetter(row.level),
    ...describeEvent(row.texts, locale, row.code),
    startedAt: new Date(row.started_at).toISOString(),
    endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
    isOpen: row.ended_at === null,
  };
}

export interface FlowDevice {
  kind: DeviceKind;
  status: DeviceStatus;
  last_values: unknown;
}

function sumOf(devices: FlowDevice[], kind: DeviceKind, key: string): number | null {
  const values = devices
    .filter((device) => device.kind === kind && device.status !== 'offline')
    .map((device) => (device.last_values as Record<string, unknown> | null)?.[key])
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0);
}

/**
 * Current flows from the devices' last values. Grid is + import / − export, battery
 * + discharge / − charge; load is the meter's when it measures it, else the balance
 * PV + grid + battery. Offline devices contribute nothing.
 */
export function presentEnergyFlow(devices: FlowDevice[]) {
  const has = (kind: DeviceKind) => devices.some((device) => device.kind === kind);
  const pv = sumOf(devices, 'inverter', 'pac_w') ?? 0;
  const grid = sumOf(devices, 'meter', 'p_grid_w') ?? 0;
  const battery = sumOf(devices, 'battery', 'p_bat_w') ?? 0;
  const measuredLoad = sumOf(devices, 'meter', 'p_load_w');
  const load = Math.max(0, measuredLoad ?? pv + grid + battery);
  const socValues = devices
    .filter((device) => device.kind === 'battery')
    .map((device) => (device.last_values as Record<string, unknown> | null)?.soc_pct)
    .filter((value): value is number => typeof value === 'number');

  const node = (
    name: FlowNode,
    isPresent: boolean,
    value: number,
    source: 'inverter' | 'meter' | 'battery' | 'derived',
  ) => ({ node: name, isPresent, value: Math.abs(value), unit: 'W' as const, source });

  const flows: z.infer<typeof energyFlowEdge>[] = [];
  const addFlow = (from: FlowNode, to: FlowNode, powerW: number) => {
    if (powerW > 0) flows.push({ from, to, powerW });
  };
  addFlow('pv', 'inverter', pv);
  addFlow('inverter', 'battery', -battery);
  addFlow('battery', 'load', battery);
  addFlow('inverter', 'grid', -grid);
  addFlow('grid', 'load', grid);
  addFlow('inverter', 'load', load - Math.max(0, grid) - Math.max(0, battery));

  return {
    nodes: [
      node('pv', has('inverter'), pv, 'inverter'),
      node('inverter', has('inverter'), pv, 'inverter'),
      node('grid', has('meter'), grid, 'meter'),
      node('load', true, load, measuredLoad === null ? 'derived' : 'meter'),
      node('battery', has('battery'), battery, 'battery'),
    ],
    flows,
    batterySocPct:
      socValues.length === 0
        ? null
        : socValues.reduce((sum, value) => sum + value, 0) / socValues.length,
  };
}

import type { FlowNode } from '@solar/contract';
import type { PlantEnergyFlow } from '../../api';

/** Where each node sits in the 360 × 280 drawing; the inverter is the hub every line meets. */
export const NODE_POSITIONS: Record<FlowNode, { x: number; y: number }> = {
  pv: { x: 180, y: 44 },
  inverter: { x: 180, y: 140 },
  grid: { x: 56, y: 140 },
  load: { x: 304, y: 140 },
  battery: { x: 180, y: 236 },
};

export const OUTER_NODES = ['pv', 'grid', 'load', 'battery'] as const;
export type OuterNode = (typeof OUTER_NODES)[number];

export interface FlowLine {
  node: OuterNode;
  powerW: number;
  /** True when the power flows from the outer node into the hub (PV, grid import, discharge). */
  isInbound: boolean;
  /** 0 to 1 of the largest power in the picture: thickness and speed follow it. */
  share: number;
}

/**
 * One line per present outer node with the direction read from the server's flows: the grid
 * imports while a flow leaves it, the battery discharges while a flow leaves it.
 */
export function flowLines(flow: PlantEnergyFlow): FlowLine[] {
  const present = flow.nodes.filter(
    (node): node is typeof node & { node: OuterNode } => node.isPresent && node.node !== 'inverter',
  );
  const largest = Math.max(1, ...present.map((node) => node.value));
  return present.map((node) => ({
    node: node.node,
    powerW: node.value,
    isInbound:
      node.node === 'pv' || flow.flows.some((edge) => edge.from === node.node && edge.powerW > 0),
    share: node.value / largest,
  }));
}

/** Seconds for one dash to travel: faster with more power, still with none. */
export function dashSeconds(share: number): number {
  return 2.4 - 1.8 * share;
}

export type FlowState =
  | 'production'
  | 'consumption'
  | 'importing'
  | 'exporting'
  | 'gridIdle'
  | 'charging'
  | 'discharging'
  | 'batteryIdle';

/** Below one watt a line carries nothing worth animating. */
export const IDLE_W = 1;

/** What a line is doing, in words: the grid imports or exports, the battery charges or not. */
export function flowState(line: FlowLine): FlowState {
  const isIdle = line.powerW < IDLE_W;
  switch (line.node) {
    case 'pv':
      return 'production';
    case 'load':
      return 'consumption';
    case 'grid':
      return isIdle ? 'gridIdle' : line.isInbound ? 'importing' : 'exporting';
    case 'battery':
      return isIdle ? 'batteryIdle' : line.isInbound ? 'discharging' : 'charging';
  }
}

/** Labels longer than this take two lines, so the side nodes' names stay inside the drawing. */
const MAX_LABEL_LINE_CHARS = 13;

/** A node's label in one line, or in two split at the space nearest its middle. */
export function labelLines(label: string): string[] {
  if (label.length <= MAX_LABEL_LINE_CHARS) return [label];
  const middle = label.length / 2;
  let split = -1;
  for (let index = 0; index < label.length; index += 1) {
    if (label[index] === ' ' && (split < 0 || Math.abs(index - middle) < Math.abs(split - middle)))
      split = index;
  }
  return split < 0 ? [label] : [label.slice(0, split), label.slice(split + 1)];
}

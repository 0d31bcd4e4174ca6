import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlantEnergyFlow } from '../../api';
import { renderPlants } from '../../test-utils';
import { flowLines } from './flow-layout';
import { PowerFlowDiagram } from './PowerFlowDiagram';

function flowOf(gridW: number, batteryW: number): PlantEnergyFlow {
  const pv = 3000;
  const load = pv + gridW + batteryW;
  const node = (name: 'pv' | 'inverter' | 'grid' | 'load' | 'battery', value: number) => ({
    node: name,
    isPresent: true,
    value: Math.abs(value),
    unit: 'W' as const,
    source: 'meter' as const,
  });
  const flows = [
    { from: 'pv' as const, to: 'inverter' as const, powerW: pv },
    ...(gridW > 0 ? [{ from: 'grid' as const, to: 'load' as const, powerW: gridW }] : []),
    ...(gridW < 0 ? [{ from: 'inverter' as const, to: 'grid' as const, powerW: -gridW }] : []),
    ...(batteryW > 0 ? [{ from: 'battery' as const, to: 'load' as const, powerW: batteryW }] : []),
    ...(batteryW < 0
      ? [{ from: 'inverter' as const, to: 'battery' as const, powerW: -batteryW }]
      : []),
  ];
  return {
    nodes: [
      node('pv', pv),
      node('inverter', pv),
      node('grid', gridW),
      node('load', load),
      node('battery', batteryW),
    ],
    flows,
    batterySocPct: 64,
  };
}

describe('<PowerFlowDiagram>', () => {
  it('draws PV, grid, load and battery around the inverter with their power', () => {
    renderPlants(<PowerFlowDiagram flow={flowOf(-500, -1000)} />);
    expect(screen.getByTestId('flow-node-pv')).toHaveTextContent('Solar production3.0 kW');
    expect(screen.getByTestId('flow-node-grid')).toHaveTextContent('Selling to grid0.5 kW');
    expect(screen.getByTestId('flow-node-battery')).toHaveTextContent(
      'Battery charging1.0 kW · 64%',
    );
    expect(screen.getByTestId('flow-node-load')).toHaveTextContent('Home consumption1.5 kW');
    expect(screen.getByText(/Arrows show where power goes/)).toBeInTheDocument();
  });

  it('turns the battery and grid lines round when the battery starts to discharge', () => {
    const { unmount } = renderPlants(<PowerFlowDiagram flow={flowOf(-500, -1000)} />);
    expect(screen.getByTestId('flow-line-battery')).toHaveAttribute('data-direction', 'out');
    expect(screen.getByTestId('flow-line-grid')).toHaveAttribute('data-direction', 'out');
    unmount();

    renderPlants(<PowerFlowDiagram flow={flowOf(800, 1200)} />);
    expect(screen.getByTestId('flow-line-battery')).toHaveAttribute('data-direction', 'in');
    expect(screen.getByTestId('flow-line-grid')).toHaveAttribute('data-direction', 'in');
    expect(screen.getByTestId('flow-node-battery')).toHaveTextContent('Battery discharging');
    expect(screen.getByTestId('flow-node-grid')).toHaveTextContent('Buying from grid');
  });

  it('draws thicker lines for more power and no node for missing equipment', () => {
    const flow = flowOf(0, 0);
    flow.nodes = flow.nodes.filter((node) => node.node !== 'battery');
    const lines = flowLines(flow);
    expect(lines.map((line) => line.node)).toEqual(['pv', 'grid', 'load']);
    expect(lines.find((line) => line.node === 'pv')?.share).toBe(1);
    renderPlants(<PowerFlowDiagram flow={flow} />);
    expect(screen.queryByTestId('flow-node-battery')).toBeNull();
    expect(screen.getByTestId('flow-line-grid')).toHaveAttribute('data-direction', 'idle');
  });
});

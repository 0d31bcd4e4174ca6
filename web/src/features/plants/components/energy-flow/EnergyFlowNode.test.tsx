import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildEnergyFlowTree } from './build-tree';
import { EnergyFlowDiagram } from './EnergyFlowDiagram';
import type { EnergyFlowNodeData } from './types';

const tree: EnergyFlowNodeData = {
  id: 'plant',
  type: 'root',
  sourceLabel: 'Sunny Farm',
  powerKw: 123456,
  children: [
    {
      id: 'INV1',
      type: 'inverter',
      sourceLabel: 'Roof (INV1)',
      powerKw: 4.25,
      children: [{ id: 'INV1-pv1', type: 'pv', sourceLabel: 'PV1', powerKw: 2.1, children: [] }],
    },
  ],
};

describe('energy-flow node', () => {
  it('shows the power value, unit and source label of every node', () => {
    render(<EnergyFlowDiagram root={tree} />);
    const root = screen.getByTestId('flow-node-plant');
    const rootCard = within(root).getAllByTestId('flow-value')[0];
    expect(rootCard).toHaveTextContent('123.5');
    expect(within(root).getAllByTestId('flow-unit')[0]).toHaveTextContent('MW');
    expect(within(root).getAllByTestId('flow-label')[0]).toHaveTextContent('Sunny Farm');

    const inverter = screen.getByTestId('flow-node-INV1');
    expect(within(inverter).getAllByTestId('flow-value')[0]).toHaveTextContent('4.3');
    expect(within(inverter).getAllByTestId('flow-unit')[0]).toHaveTextContent('kW');
    expect(within(inverter).getAllByTestId('flow-label')[0]).toHaveTextContent('Roof (INV1)');
    expect(within(inverter).getByText('Inverter')).toBeInTheDocument();
  });

  it('collapses and expands the children of a node', async () => {
    const user = userEvent.setup();
    render(<EnergyFlowDiagram root={tree} />);
    const inverter = screen.getByTestId('flow-node-INV1');
    const toggle = within(inverter).getByRole('button', { name: 'Collapse' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('flow-node-INV1-pv1')).toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByTestId('flow-node-INV1-pv1')).toBeNull();
    const expand = within(inverter).getByRole('button', { name: 'Expand' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');

    await user.click(expand);
    expect(screen.getByTestId('flow-node-INV1-pv1')).toBeInTheDocument();
  });

  it('has no toggle on a leaf', () => {
    render(<EnergyFlowDiagram root={tree} />);
    const pv = screen.getByTestId('flow-node-INV1-pv1');
    expect(within(pv).queryByRole('button')).toBeNull();
  });

  it('builds plant → tandem → inverter → PV nodes from the device list', () => {
    const built = buildEnergyFlowTree('Sunny Farm', 5000, {
      dataloggers: [
        {
          id: 3,
          sn: 'DL1',
          alias: null,
          signalStrength: null,
          softwareVersion: null,
          lastOnlineAt: null,
          devices: [
            {
              id: 9,
              sn: 'INV1',
              kind: 'inverter',
              alias: null,
              modelCode: null,
              status: 'normal',
              lastSeenAt: null,
              values: { pac_w: 3000, pv1_w: 1800, pv2_v: 400, pv2_i: 3 },
            },
            {
              id: 10,
              sn: 'MET1',
              kind: 'meter',
              alias: null,
              modelCode: null,
              status: 'normal',
              lastSeenAt: null,
              values: { p_grid_w: -200 },
            },
          ],
        },
      ],
    });
    expect(built.type).toBe('root');
    expect(built.powerKw).toBe(5);
    const tandem = built.children[0];
    expect(tandem).toMatchObject({ type: 'tandem', sourceLabel: 'DL1', powerKw: 3 });
    const inverter = tandem?.children[0];
    expect(inverter).toMatchObject({ type: 'inverter', sourceLabel: 'INV1', powerKw: 3 });
    expect(inverter?.children.map((pv) => [pv.sourceLabel, pv.powerKw])).toEqual([
      ['PV1', 1.8],
      ['PV2', 1.2],
    ]);
  });
});

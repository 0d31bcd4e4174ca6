import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../test/fake-server';
import { plantDetailFixture as plant } from '../../pages/plant-fixtures';
import { renderPlants } from '../../test-utils';
import { OverviewActions } from './OverviewActions';

const button = (name: string) => screen.queryByRole('button', { name: new RegExp(name) });
const GUARDED = [
  ['Share', 'station.share'],
  ['Transfer', 'station.transfer'],
  ['Edit', 'station.edit'],
  ['More actions', 'station.delete'],
  ['Export PDF', 'station.export'],
] as const;

describe('<OverviewActions>', () => {
  it.each(GUARDED)('hides %s without %s', (label, permission) => {
    const others = GUARDED.map(([, held]) => held).filter((held) => held !== permission);
    renderPlants(<OverviewActions plant={plant} area={createRef()} />, { held: others });
    expect(button(label)).toBeNull();
    expect(button('Print')).toBeInTheDocument();
  });

  it.each(GUARDED)('shows %s with %s', (label, permission) => {
    renderPlants(<OverviewActions plant={plant} area={createRef()} />, { held: [permission] });
    expect(button(label)).toBeInTheDocument();
  });

  it('hides managing actions on a plant the user may only read', () => {
    renderPlants(<OverviewActions plant={{ ...plant, access: 'read' }} area={createRef()} />, {
      held: GUARDED.map(([, permission]) => permission),
    });
    for (const label of ['Share', 'Transfer', 'Edit', 'More actions'])
      expect(button(label)).toBeNull();
    expect(button('Export PDF')).toBeInTheDocument();
  });

  it('deletes only after the plant name is typed in the confirmation', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { server } = renderPlants(<OverviewActions plant={plant} area={createRef()} />, {
      held: ['station.delete'],
      routes: { 'POST /api/v1/plant/5/delete': () => ok(null) },
    });
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: /Delete/ });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Sunny');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), ' Farm');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() =>
      expect(server.requests.some((request) => request.url.includes('/plant/5/delete'))).toBe(true),
    );
  });
});

import { FAMILY_ENDPOINTS, listPlants } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { box } from '../device-list.fixtures';
import OtherDevicesPage from './OtherDevicesPage';

describe('<OtherDevicesPage>', () => {
  it('switches families and flags a box with a weak string', async () => {
    const { server } = renderPage(<OtherDevicesPage />, {
      held: ['equip.view'],
      routes: {
        ...answer(FAMILY_ENDPOINTS.meter.list, { infos: [], total: 0 }),
        ...answer(FAMILY_ENDPOINTS.box.list, { infos: [box], total: 1 }),
        ...answer(listPlants, { infos: [], total: 0 }),
      },
    });
    await waitFor(() =>
      expect(requestsTo(server.requests, FAMILY_ENDPOINTS.meter.list)).toHaveLength(1),
    );
    await userEvent.click(screen.getByText('Combiner boxes'));
    const row = (await screen.findByText('BOX0001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('28.20 A')).toBeInTheDocument();
    expect(within(row).getByLabelText('Warning')).toBeInTheDocument();
  });
});

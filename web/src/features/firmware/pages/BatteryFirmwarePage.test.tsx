import { listFirmwares } from '@solar/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { firmwareRecord } from '../firmware-record.fixtures';
import BatteryFirmwarePage from './BatteryFirmwarePage';

const library = answer(listFirmwares, {
  infos: [firmwareRecord({ equipType: 7, fileName: 'bms.bin' })],
  total: 1,
});

describe('<BatteryFirmwarePage>', () => {
  it('lists the battery firmware only, with upload', async () => {
    const { server } = renderPage(<BatteryFirmwarePage />, {
      held: ['firmware.battery.view'],
      routes: library,
    });
    expect(await screen.findByText('bms.bin')).toBeInTheDocument();
    expect(requestsTo(server.requests, listFirmwares)[0]!.url).toContain('equipType=7');
    expect(screen.getByRole('button', { name: 'Upload firmware' })).toBeInTheDocument();
  });

  it('shows nothing without firmware.battery.view', () => {
    const { container } = renderPage(<BatteryFirmwarePage />, {
      held: ['firmware.management', 'firmware.inverter.view'],
      routes: library,
    });
    expect(container.querySelector('table')).toBeNull();
  });
});

import { listFirmwares } from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { firmwareRecord } from '../firmware-record.fixtures';
import InverterFirmwarePage from './InverterFirmwarePage';

const library = answer(listFirmwares, { infos: [firmwareRecord()], total: 1 });

describe('<InverterFirmwarePage>', () => {
  it('lists the firmware with its fields and offers upload and upgrade', async () => {
    renderPage(<InverterFirmwarePage />, {
      held: ['firmware.management', 'firmware.inverter.view', 'inverter.upgrade'],
      routes: library,
    });
    const row = (await screen.findByText('inv_main.bin')).closest('tr') as HTMLElement;
    expect(within(row).getByText('V1.2.0')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(within(row).getByText('Upgrade devices')).toBeInTheDocument();
    expect(screen.getByText('Datalogger firmware')).toBeInTheDocument();
    expect(screen.getByText('Upload firmware')).toBeInTheDocument();
  });

  it('opens the upgrade dialog with the device list and the cut-upgrade choice', async () => {
    renderPage(<InverterFirmwarePage />, {
      held: ['firmware.management', 'firmware.inverter.view', 'inverter.upgrade'],
      routes: library,
    });
    await userEvent.click(await screen.findByText('Upgrade devices'));
    expect(await screen.findByText('Upgrade to V1.2.0 (3303)')).toBeInTheDocument();
    expect(screen.getByLabelText('Device serial numbers')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Cut upgrade'));
    expect(screen.getByText(/after its current operation/)).toBeInTheDocument();
  });

  it('hides the upgrade button without inverter.upgrade', async () => {
    renderPage(<InverterFirmwarePage />, {
      held: ['firmware.management', 'firmware.inverter.view'],
      routes: library,
    });
    await screen.findByText('inv_main.bin');
    expect(screen.queryByText('Upgrade devices')).not.toBeInTheDocument();
  });
});

import { ErrorCode, shutdownInverter } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { business, ok } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { commandRecord } from '../command-record.fixtures';
import { DeviceCommandButton } from './DeviceCommandButton';

const record = commandRecord();

function renderButton(routes = answer(shutdownInverter, record), held = ['inverter.boot']) {
  return renderPage(
    <DeviceCommandButton
      endpoint={shutdownInverter}
      sn="INV001"
      deviceName="Inverter west"
      plantName="Roof Munich"
      permission="inverter.boot"
      label="Shut down"
      danger
    />,
    { held, routes },
  );
}

describe('<DeviceCommandButton>', () => {
  it('is not rendered without the permission', () => {
    renderButton(undefined, ['inverter.view']);
    expect(screen.queryByRole('button', { name: 'Shut down' })).not.toBeInTheDocument();
  });

  it('asks first, naming device and plant, and sends nothing on cancel', async () => {
    const { server } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Shut down' }));
    expect(
      await screen.findByText('Shut down: Inverter west of plant Roof Munich?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(server.requests, shutdownInverter)).toHaveLength(0);
  });

  it('is disabled while the device has not answered, then shows its confirmed result', async () => {
    let release: () => void = () => undefined;
    const { server } = renderButton({
      'POST /api/v1/inverter/:sn/shutdown': () =>
        new Promise((resolve) => {
          release = () => resolve(ok(record));
        }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Shut down' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const waiting = await screen.findByRole('button', { name: /Waiting for the device/ });
    expect(waiting).toBeDisabled();
    release();
    expect(await screen.findByText('Inverter west confirmed the command')).toBeVisible();
    expect(screen.getByText('switch: off')).toBeVisible();
    expect(requestsTo(server.requests, shutdownInverter, { sn: 'INV001' })).toHaveLength(1);
    // The closing dialog may still hide the page from the accessibility tree.
    const button = () =>
      screen
        .getAllByRole('button', { hidden: true })
        .find((element) => element.textContent === 'Shut down');
    await waitFor(() => expect(button()).toBeEnabled());
  });

  it('shows the catalogue message when the device is offline', async () => {
    renderButton({
      'POST /api/v1/inverter/:sn/shutdown': () =>
        business(ErrorCode.deviceOffline, 'the server wording'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Shut down' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The device is offline')).toBeVisible();
    expect(screen.queryByText('the server wording')).toBeNull();
  });
});

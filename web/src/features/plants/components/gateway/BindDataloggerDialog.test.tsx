import { ErrorCode } from '@solar/contract';
import { errorText } from '../../../../shared/i18n/error-text';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { business, ok } from '../../../../test/fake-server';
import { renderPlants } from '../../test-utils';
import { DevicesCard } from '../overview/DevicesCard';
import { BindDataloggerDialog } from './BindDataloggerDialog';

const ROUTE = 'POST /api/v1/plant/5/gateway';

async function bind(sn: string, key: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Datalogger serial number'), sn);
  await user.type(screen.getByLabelText('Registration key'), key);
  await user.click(screen.getByRole('button', { name: 'Bind' }));
}

const devices = { dataloggers: [] };
const bindButton = () => screen.queryByRole('button', { name: /Bind datalogger/ });

describe('<BindDataloggerDialog>', () => {
  it('sends the serial number and key, then closes', async () => {
    let isClosed = false;
    const { server } = renderPlants(
      <BindDataloggerDialog plantId={5} open onClose={() => (isClosed = true)} />,
      { held: ['station.gateway.bind'], routes: { [ROUTE]: () => ok({ dataloggerId: 9 }) } },
    );
    await bind(' DEMOSPARE01 ', 'SPAREKEY01');
    await waitFor(() => expect(isClosed).toBe(true));
    const sent = server.requests.find((request) => request.method === 'POST');
    // The endpoint is form-encoded, like the other non-JSON calls.
    const body = new URLSearchParams(sent?.body);
    expect([body.get('sn'), body.get('key')]).toEqual(['DEMOSPARE01', 'SPAREKEY01']);
  });

  it.each([
    ErrorCode.dataloggerCredentials,
    ErrorCode.dataloggerInUse,
    ErrorCode.dataloggerNotFound,
  ])('shows the message of tolerated code %i', async (code) => {
    renderPlants(<BindDataloggerDialog plantId={5} open onClose={() => undefined} />, {
      held: ['station.gateway.bind'],
      routes: { [ROUTE]: () => business(code) },
    });
    await bind('DEMOSPARE01', 'WRONGKEY');
    await waitFor(() => expect(screen.getByText(errorText(code))).toBeInTheDocument());
  });

  it('is offered on the devices card only with station.gateway.bind on a managed plant', () => {
    const { unmount } = renderPlants(
      <DevicesCard plantId={5} devices={devices} canManage timeZone="Europe/Berlin" />,
      {
        held: ['station.gateway.bind'],
      },
    );
    expect(bindButton()).toBeInTheDocument();
    unmount();
    const other = renderPlants(
      <DevicesCard plantId={5} devices={devices} canManage timeZone="Europe/Berlin" />,
    );
    expect(bindButton()).toBeNull();
    other.unmount();
    renderPlants(
      <DevicesCard plantId={5} devices={devices} canManage={false} timeZone="Europe/Berlin" />,
      {
        held: ['station.gateway.bind'],
      },
    );
    expect(bindButton()).toBeNull();
  });
});

import {
  type GatewayCommunication,
  getGatewayProtocol,
  listGateways,
  setGatewayProtocol,
  switchGatewaySettings,
} from '@solar/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import CommSettingPage from './CommSettingPage';

const settings = (overrides: Partial<GatewayCommunication> = {}): GatewayCommunication => ({
  sn: 'DL0001',
  transport: 'mqtt',
  reportIntervalSeconds: 60,
  serverAddress: 'mqtt://portal.example.com:1883',
  isRemoteSettingEnabled: true,
  updatedAt: null,
  canManage: true,
  ...overrides,
});

function renderComm(communication = settings(), path = '/device/comm-setting?sn=DL0001') {
  return renderPage(
    <Routes>
      <Route path="*" element={<CommSettingPage />} />
    </Routes>,
    {
      held: ['gateway.view', 'gateway.create'],
      path,
      routes: {
        ...answer(listGateways, { infos: [], total: 0 }),
        ...answer(getGatewayProtocol, communication),
        ...answer(setGatewayProtocol, settings({ reportIntervalSeconds: 300 })),
        ...answer(switchGatewaySettings, settings({ isRemoteSettingEnabled: false })),
      },
    },
  );
}

describe('<CommSettingPage>', () => {
  it('shows the stored settings with the server address read-only and saves a new interval', async () => {
    const { server } = renderComm();
    expect(await screen.findByText('mqtt://portal.example.com:1883')).toBeInTheDocument();
    expect(screen.getByText(/stored once it confirms them/)).toBeInTheDocument();
    const interval = screen.getByRole('spinbutton', { name: 'Reporting interval' });
    fireEvent.change(interval, { target: { value: '300' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save setting' }));
    await waitFor(() => expect(requestsTo(server.requests, setGatewayProtocol)).toHaveLength(1));
    expect(requestsTo(server.requests, setGatewayProtocol)[0]?.body).toContain(
      '"reportIntervalSeconds":300',
    );
  });

  it('refuses an interval out of range without sending it', async () => {
    const { server } = renderComm();
    const interval = await screen.findByRole('spinbutton', { name: 'Reporting interval' });
    fireEvent.change(interval, { target: { value: '5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save setting' }));
    expect(await screen.findByText(/30 ~ 3600/)).toBeInTheDocument();
    expect(requestsTo(server.requests, setGatewayProtocol)).toHaveLength(0);
  });

  it('switches remote settings off', async () => {
    const { server } = renderComm();
    await userEvent.click(await screen.findByRole('switch', { name: 'Remote settings' }));
    await waitFor(() => expect(requestsTo(server.requests, switchGatewaySettings)).toHaveLength(1));
    expect(requestsTo(server.requests, switchGatewaySettings)[0]?.body).toContain('false');
  });

  it('is read-only for callers who may not manage the datalogger', async () => {
    renderComm(settings({ canManage: false }));
    expect(await screen.findByText('mqtt://portal.example.com:1883')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save setting' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Remote settings' })).toBeDisabled();
  });

  it('asks for a datalogger when none is chosen', async () => {
    renderComm(settings(), '/plants/comm-setting');
    expect(await screen.findAllByText('Choose a datalogger')).not.toHaveLength(0);
  });
});

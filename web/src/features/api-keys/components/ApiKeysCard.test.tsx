import {
  type ApiKeyListItem,
  createApiKey,
  getProfile,
  listApiKeys,
  listPlants,
  revokeApiKey,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { profileFor } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import AccountSettingsPage from '../../users/pages/AccountSettingsPage';
import { ApiKeysCard } from './ApiKeysCard';

const NEW_KEY = `solar_${'A'.repeat(43)}`;
const existing: ApiKeyListItem = {
  id: 3,
  name: 'Home automation',
  prefix: 'solar_Abc1234567',
  kind: 'personal',
  scopes: ['read'],
  plants: [{ id: 9, name: 'Roof east' }],
  perMinute: null,
  perDay: null,
  ownerEmail: 'sam@example.com',
  createdAt: '2026-11-01T08:00:00Z',
  expiresAt: null,
  lastUsedAt: '2026-11-30T08:00:00Z',
  lastUsedAddress: '203.0.113.7',
  revokedAt: null,
};

const ui = {
  region: () => screen.findByRole('region', { name: 'API keys' }),
  create: () => screen.findByRole('button', { name: 'Create key' }),
  dialog: () => screen.findByRole('dialog', { name: 'Create key' }),
  revoke: () => screen.findByRole('button', { name: 'Revoke Home automation' }),
};

function renderSettings(held: string[], ui = <AccountSettingsPage />) {
  return renderPage(ui, {
    held,
    path: '/edit',
    routes: {
      ...answer(getProfile, { ...profileFor('Sam Staff'), readOnly: false }),
      ...answer(listApiKeys, [existing]),
      ...answer(listPlants, { infos: [], total: 0 }),
      ...answer(createApiKey, { id: 4, key: NEW_KEY }),
      ...answer(revokeApiKey, null),
    },
  });
}

describe('<ApiKeysCard>', () => {
  it('is no tab of the personal settings without apikey.manage', async () => {
    renderSettings(['station.view']);
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();
  });

  it('lists keys without secrets and revokes one after confirmation', async () => {
    const { server } = renderSettings(['apikey.manage'], <ApiKeysCard kind="personal" />);
    const region = await ui.region();
    expect(await within(region).findByText('Home automation')).toBeInTheDocument();
    expect(within(region).getByText('Roof east')).toBeInTheDocument();
    await userEvent.click(await ui.revoke());
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, revokeApiKey, { id: 3 })).toHaveLength(1),
    );
  });

  it('creates a read key and shows it once with a copy button', async () => {
    const { server } = renderSettings(['apikey.manage'], <ApiKeysCard kind="personal" />);
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ticketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(server.requests, createApiKey)).toHaveLength(1));
    const [request] = requestsTo(server.requests, createApiKey);
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ name: 'Ticketing', scopes: ['read'] });
    expect(await screen.findByText(NEW_KEY)).toBeInTheDocument();
    expect(screen.getByText('Copy the key now: it is shown only once.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /copy/i })).toBeInTheDocument();
  });
});

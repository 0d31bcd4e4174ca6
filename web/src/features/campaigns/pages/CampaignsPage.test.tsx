import { listCampaigns } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { expectForbidden } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { campaignSummary } from '../campaign.fixtures';
import CampaignsPage from './CampaignsPage';

const campaign = campaignSummary();

describe('<CampaignsPage>', () => {
  it('lists each campaign with its state, linked to its detail, and filters by status', async () => {
    const { server } = renderPage(<CampaignsPage />, {
      held: ['firmware.inverter.view'],
      routes: answer(listCampaigns, { infos: [campaign], total: 1 }),
    });
    const link = await screen.findByRole('link', { name: 'Night roll-out' });
    expect(link).toHaveAttribute('href', `/firmware/campaign?id=${campaign.id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText(/Paused/)).toBeInTheDocument();
    expect(within(row).getByText('2.0')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Result' }));
    await userEvent.click(await screen.findByTitle('Running'));
    await waitFor(() =>
      expect(requestsTo(server.requests, listCampaigns).at(-1)!.url).toContain('status=running'),
    );
  });

  it('is forbidden without firmware.inverter.view', async () => {
    await expectForbidden('/firmware/campaigns', ['station.view']);
  });
});

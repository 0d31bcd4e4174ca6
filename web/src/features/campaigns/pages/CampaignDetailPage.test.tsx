import { campaignDetail, changeCampaign, type EndpointData } from '@solar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { campaignSummary } from '../campaign.fixtures';
import CampaignDetailPage from './CampaignDetailPage';

const campaignId = '6f1c9a3e-0000-4000-8000-0000000000c1';

const campaign = campaignSummary({ id: campaignId });

const detail: EndpointData<typeof campaignDetail> = {
  campaign,
  waves: [
    {
      number: 1,
      size: 2,
      succeeded: 1,
      failed: 1,
      open: 0,
      failureRatePercent: 50,
      startedAt: '2026-11-23T20:00:00Z',
      finishedAt: '2026-11-23T20:05:00Z',
    },
  ],
  devices: [
    {
      sn: 'INV-FAIL',
      deviceKind: 'inverter',
      plantName: 'Roof A',
      wave: 1,
      status: 'failed',
      fromVersion: '1.0',
      offlineChecks: 0,
      reason: 'SHA-256 mismatch',
    },
  ],
};

describe('<CampaignDetailPage>', () => {
  it('shows the auto-pause, the wave with its failure rate and the failed device; resumes', async () => {
    const { server } = renderPage(<CampaignDetailPage />, {
      held: ['firmware.inverter.view', 'inverter.upgrade'],
      path: `/firmware/campaign?id=${campaignId}`,
      routes: {
        ...answer(campaignDetail, detail),
        ...answer(changeCampaign, { ...campaign, status: 'running', pauseReason: null }),
      },
    });
    expect(await screen.findByText(/failure rate passed 20 %/)).toBeInTheDocument();
    const wave = screen.getByText('50 %').closest('tr') as HTMLElement;
    expect(within(wave).getAllByText('1')).toHaveLength(3);
    const device = screen.getByText('INV-FAIL').closest('tr') as HTMLElement;
    expect(within(device).getByText('SHA-256 mismatch')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, changeCampaign, { campaignId })).toHaveLength(1),
    );
    const [request] = requestsTo(server.requests, changeCampaign, { campaignId });
    expect(JSON.parse(request!.body!)).toEqual({ action: 'resume' });
  });

  it('offers no action without inverter.upgrade', async () => {
    renderPage(<CampaignDetailPage />, {
      held: ['firmware.inverter.view'],
      path: `/firmware/campaign?id=${campaignId}`,
      routes: answer(campaignDetail, detail),
    });
    await screen.findByText('INV-FAIL');
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });
});

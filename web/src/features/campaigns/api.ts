import {
  campaignDetail,
  changeCampaign,
  createCampaign,
  listCampaigns,
  listMaintenanceLog,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export type CampaignListQuery = EndpointQueryInput<typeof listCampaigns>;
const CAMPAIGN_VIEWS = [listCampaigns, campaignDetail, listMaintenanceLog];

/** Asked again every few seconds while anything can still change on screen. */
const LIVE_INTERVAL_MS = 3000;

export function useCampaigns(query: CampaignListQuery) {
  return useApiQuery(listCampaigns, { query }, { refetchInterval: LIVE_INTERVAL_MS });
}

/** One campaign, its waves and devices, live until it is finished with nothing in flight. */
export function useCampaign(campaignId: string) {
  return useApiQuery(
    campaignDetail,
    { params: { campaignId } },
    {
      enabled: campaignId !== '',
      refetchInterval: (query) => {
        const campaign = query.state.data?.campaign;
        const isSettled =
          campaign &&
          (campaign.status === 'canceled' || campaign.status === 'completed') &&
          campaign.counts.sent === 0;
        return isSettled ? false : LIVE_INTERVAL_MS;
      },
    },
  );
}

export function useCreateCampaign() {
  return useApiMutation(createCampaign, { invalidates: CAMPAIGN_VIEWS });
}

export function useChangeCampaign() {
  return useApiMutation(changeCampaign, { invalidates: CAMPAIGN_VIEWS });
}

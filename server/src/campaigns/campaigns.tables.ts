import { type Expression, sql } from 'kysely';
import type { Row } from '../db/schema.js';

export type CampaignRow = Row<'upgrade_campaigns'>;
export type CampaignDeviceRow = Row<'upgrade_campaign_devices'>;
export type CampaignWaveRow = Row<'upgrade_campaign_waves'>;

/**
 * A campaign's current wave, derived from its waves: the highest started, 0 before the canary.
 * The one place it is computed, as a subquery of the select that reads the campaign.
 */
export function currentWave(campaignId: Expression<string>) {
  return sql<number>`coalesce((SELECT max(w.number) FROM upgrade_campaign_waves w WHERE w.campaign_id = ${campaignId}), 0)`;
}

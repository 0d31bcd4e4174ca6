import type { Row } from '../db/schema.js';

export type CampaignRow = Row<'upgrade_campaigns'>;
export type CampaignDeviceRow = Row<'upgrade_campaign_devices'>;
export type CampaignWaveRow = Row<'upgrade_campaign_waves'>;

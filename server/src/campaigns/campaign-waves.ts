import type { CampaignRow } from './campaigns.tables.js';

/**
 * How many devices wave `number` (1 is the canary) takes: the canary share of the campaign
 * (at least one device), then each wave `growthFactor` times the one before, at most
 * `maxWaveSize`.
 */
export function waveSize(
  campaign: Pick<CampaignRow, 'canary_percent' | 'growth_factor' | 'max_wave_size'>,
  number: number,
  totalDevices: number,
): number {
  const canary = Math.max(1, Math.ceil((totalDevices * Number(campaign.canary_percent)) / 100));
  const grown = Math.ceil(canary * Number(campaign.growth_factor) ** (number - 1));
  return Math.max(1, Math.min(grown, campaign.max_wave_size));
}

/** Failed devices as a share of the wave's finished ones, in percent (0 when none finished). */
export function failureRatePercent(succeeded: number, failed: number): number {
  const finished = succeeded + failed;
  return finished === 0 ? 0 : Math.round((failed / finished) * 1000) / 10;
}

/** A wave pauses its campaign when its failure rate passes the threshold. */
export function exceedsThreshold(
  campaign: Pick<CampaignRow, 'failure_threshold_percent'>,
  succeeded: number,
  failed: number,
): boolean {
  return failureRatePercent(succeeded, failed) > Number(campaign.failure_threshold_percent);
}

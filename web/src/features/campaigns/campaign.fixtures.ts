import type { CampaignSummary } from '@solar/contract';

/** A night campaign paused by its failure rate after the first wave; tests override the rest. */
export function campaignSummary(overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  return {
    id: '6f1c9a3e-0000-4000-8000-0000000000c1',
    name: 'Night roll-out',
    firmwareId: 3,
    firmwareFileName: 'inv-2.0.bin',
    toVersion: '2.0',
    status: 'paused',
    pauseReason: 'failureRate',
    window: { mode: 'night' },
    failureThresholdPercent: 20,
    currentWave: 1,
    totalDevices: 10,
    counts: { pending: 8, sent: 0, succeeded: 1, failed: 1, offline: 0, skipped: 0, canceled: 0 },
    createdBy: 'installer@example.com',
    createdAt: '2026-11-23T20:00:00Z',
    finishedAt: null,
    ...overrides,
  };
}

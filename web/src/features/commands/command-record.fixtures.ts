import type { CommandRecord } from '@solar/contract';

/** A confirmed shutdown as the command endpoints answer it; tests override what they look at. */
export function commandRecord(overrides: Partial<CommandRecord> = {}): CommandRecord {
  return {
    id: '6f1c9a3e-0000-4000-8000-000000000001',
    name: 'inverter.shutdown',
    state: 'done',
    target: 'INV001',
    dataloggerSn: 'DL001',
    plantId: 5,
    plantName: 'Roof Munich',
    args: {},
    user: 'installer@example.com',
    createdAt: '2026-01-01T10:00:00.000Z',
    sentAt: '2026-01-01T10:00:00.100Z',
    acknowledgedAt: '2026-01-01T10:00:00.200Z',
    finishedAt: '2026-01-01T10:00:01.000Z',
    deadline: '2026-01-01T10:00:20.000Z',
    result: { switch: 'off' },
    reason: null,
    confirmedState: 'off',
    cancelledBy: null,
    ...overrides,
  };
}

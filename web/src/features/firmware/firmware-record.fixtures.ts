import type { FirmwareRecord } from '@solar/contract';

/** An enabled inverter firmware for remote upgrades; tests override what they look at. */
export function firmwareRecord(overrides: Partial<FirmwareRecord> = {}): FirmwareRecord {
  return {
    id: 1,
    firmId: 'FW-3303',
    brand: 'Solar',
    product: '3303',
    epn: 'EPN-1',
    equipType: 2,
    version: 'V1.2.0',
    fileName: 'inv_main.bin',
    size: 4096,
    sha256: 'a'.repeat(64),
    upgradeMode: 'remote',
    strategy: 'prompt',
    isEnabled: true,
    notes: '',
    companyId: 1,
    createdBy: 'installer@example.com',
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

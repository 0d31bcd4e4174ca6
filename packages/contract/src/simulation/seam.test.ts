import { describe, expect, it } from 'vitest';
import { parseUpgradeFailures } from './seam.js';

describe('parseUpgradeFailures', () => {
  it('reads SN=mode pairs separated by commas', () => {
    expect(parseUpgradeFailures('INV1=checksum, INV2=linkLoss,')).toEqual({
      INV1: 'checksum',
      INV2: 'linkLoss',
    });
    expect(parseUpgradeFailures('')).toEqual({});
  });

  it('refuses an unknown mode or an entry without one', () => {
    expect(() => parseUpgradeFailures('INV1=melted')).toThrow(/INV1=melted/);
    expect(() => parseUpgradeFailures('INV1')).toThrow(/SN=mode/);
    expect(() => parseUpgradeFailures('=checksum')).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { isMapServiceConfigured, loadMapService } from './map-services';

describe('map services', () => {
  it('load nothing when no key is configured', async () => {
    expect(isMapServiceConfigured('global')).toBe(false);
    await expect(loadMapService('china')).resolves.toBe(false);
    expect(document.head.querySelector('script')).toBeNull();
  });
});

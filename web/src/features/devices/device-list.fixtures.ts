import type { DeviceListItem } from '@solar/contract';

/** A battery as the family list answers it. */
export const battery: DeviceListItem = {
  sn: 'BAT0001',
  alias: 'Garage',
  plantId: 5,
  plantName: 'Sunfield',
  dataloggerSn: 'DL0001',
  status: 'normal',
  lastSeenAt: '2026-06-01T10:00:00.000Z',
  timeZone: 'Europe/Berlin',
  values: { soc_pct: 81.5, p_bat_w: -1200 },
  warnings: [],
};

/** A combiner box with a weak string. */
export const box: DeviceListItem = {
  ...battery,
  sn: 'BOX0001',
  alias: null,
  values: { string_count: 4, i_total_a: 28.2, p_w: 17_484 },
  warnings: [{ code: 'weakString', key: 'strings3_i' }],
};

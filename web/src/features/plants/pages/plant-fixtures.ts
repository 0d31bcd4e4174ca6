import type { PlantDetail } from '@solar/contract';
import type { PlantDevicesData } from '../api';

/** Answers of the plant endpoints for tests. */
export const plantDetailFixture: PlantDetail = {
  id: 5,
  name: 'Sunny Farm',
  capacityKwp: 10,
  commissioningDate: '2025-05-01',
  plantType: 'grid',
  currency: 'EUR',
  valuationMethod: 'time_of_use',
  constantPrice: 0,
  touSegments: [
    { start: '00:00', end: '08:00', price: 0.1 },
    { start: '08:00', end: '24:00', price: 0.3 },
  ],
  generationTiers: [],
  longitude: 13.4,
  latitude: 52.5,
  address: 'Main street 1',
  timeZone: 'Europe/Berlin',
  regionCountry: 'DE',
  regionState: 'BE',
  regionCity: 'Berlin',
  pictureUrl: null,
  contacts: [{ name: 'Ann', phone: '123', email: 'ann@example.com' }],
  totalInvestment: 12000,
  installerEmail: 'installer@example.com',
  generationOffsetKwh: 0,
  status: 'normal',
  ownerAccount: 'owner@example.com',
  isCompanyPlant: false,
  access: 'manage',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

export const realtimeFixture = {
  powerW: 4200,
  todayKwh: 18.4,
  monthKwh: 320,
  yearKwh: 12345,
  totalKwh: 54321,
  capacityKwp: 10,
  status: 'normal',
  lastUpdate: '2026-06-01T10:00:00Z',
  localDate: '2026-06-01',
  timeZone: 'Europe/Berlin',
};

export const devicesFixture: PlantDevicesData = {
  dataloggers: [
    {
      id: 1,
      sn: 'DL0001',
      alias: null,
      signalStrength: 80,
      softwareVersion: '1.0',
      lastOnlineAt: null,
      devices: [
        {
          id: 2,
          sn: 'INV0001',
          kind: 'inverter',
          alias: 'Roof',
          modelCode: null,
          status: 'normal',
          lastSeenAt: '2026-06-01T10:00:00Z',
          values: { pac_w: 4200, pv1_w: 2200, pv2_w: 2000 },
        },
        {
          id: 3,
          sn: 'WS0001',
          kind: 'weather',
          alias: null,
          modelCode: null,
          status: 'normal',
          lastSeenAt: '2026-06-01T10:00:00Z',
          values: { irradiance_wm2: 640, ambient_c: 21.5, module_c: 35, wind_ms: 3 },
        },
      ],
    },
  ],
};

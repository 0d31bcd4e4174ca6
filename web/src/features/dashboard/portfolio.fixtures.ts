import type { EndpointData, portfolio } from '@solar/contract';

export type PortfolioData = EndpointData<typeof portfolio>;

const hours = (peak: number) =>
  Array.from({ length: 24 }, (_, hour) =>
    Math.max(0, Math.round(peak * Math.sin(((hour - 6) / 12) * Math.PI))),
  );

/** A plant card of the portfolio, its power a sine over the day. */
export const portfolioPlant = (
  id: number,
  name: string,
  todayYield: number,
  monthYield: number,
) => ({
  id,
  name,
  status: 'normal' as const,
  capacityKwp: 10,
  pictureUrl: null,
  timeZone: 'Europe/Berlin',
  // Positioned plants bring Leaflet in: the map's own spec (e2e overview-ux) drives it.
  latitude: null,
  longitude: null,
  powerW: 4000,
  todayKwh: todayYield * 10,
  monthKwh: monthYield * 10,
  todayYield,
  monthYield,
  hourlyPowerW: hours(6000),
});

/** Four plants, one in fault, with incomes in two currencies. */
export const fleet: PortfolioData = {
  totals: {
    plantCount: 4,
    capacityKwp: 40,
    powerW: 16000,
    todayKwh: 60,
    monthKwh: 1200,
    yearKwh: 9000,
    lifetimeKwh: 54321,
    co2Kg: 25802.5,
    incomes: [
      { currency: 'EUR', amount: 1234.5 },
      { currency: 'USD', amount: 99.9 },
    ],
  },
  statusCounts: { normal: 3, offline: 0, warning: 0, fault: 1, upgrading: 0, protect: 0 },
  openAlarms: { P: 0, W: 2, F: 1 },
  plants: [
    portfolioPlant(1, 'Hamburg Roof', 0.6, 20),
    portfolioPlant(2, 'Napa Winery', 3.5, 100),
    portfolioPlant(3, 'Munich Home', 1.2, 35),
    { ...portfolioPlant(4, 'Shanghai Park', 2.5, 80), status: 'fault' as const },
  ],
};

/**
 * Environmental savings per kWh generated, shown on the plant overview (docs/overview.md).
 *
 * - CO2: 0.475 kg/kWh, the world-average carbon intensity of electricity generation published
 *   by the IEA (Global Energy & CO2 Status Report 2018: 475 g CO2/kWh).
 * - Standard coal: 0.4 kg/kWh, the conventional coal-equivalent consumption of thermal power
 *   used by PV monitoring portals (China's national average is 0.3–0.4 kgce/kWh; NDRC/NEA
 *   statistics).
 * - Trees: a tree absorbs about 18.3 kg CO2 per year, the convention of PV monitoring portals;
 *   trees planted = CO2 avoided / 18.3.
 */
export const CO2_KG_PER_KWH = 0.475;
export const STANDARD_COAL_KG_PER_KWH = 0.4;
export const CO2_KG_PER_TREE_YEAR = 18.3;

export interface EnvironmentalSavings {
  co2Kg: number;
  standardCoalKg: number;
  trees: number;
}

export function environmentalSavings(generationKwh: number): EnvironmentalSavings {
  const kwh = Math.max(0, generationKwh);
  const co2Kg = kwh * CO2_KG_PER_KWH;
  return {
    co2Kg,
    standardCoalKg: kwh * STANDARD_COAL_KG_PER_KWH,
    trees: co2Kg / CO2_KG_PER_TREE_YEAR,
  };
}

/** Section 9: abnormal events are counted within the last hour. */
export const ABNORMAL_EVENT_WINDOW_MS = 60 * 60 * 1000;

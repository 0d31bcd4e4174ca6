import {
  clockMinutes,
  type DeviceSettingValues,
  type GenerationTier,
  meterPriceKey,
  type PriceSegment,
} from '@solar/contract';

/**
 * The segments with the prices they are valued at: a segment naming a tariff tier takes the
 * master meter's price of that tier times its discount factor; without a master meter
 * (`meter` null) or a tier, the segment's own price.
 */
export function meterPricedSegments(
  segments: readonly PriceSegment[],
  meter: DeviceSettingValues | null,
): PriceSegment[] {
  return segments.map((segment) => {
    if (!meter || !segment.tier) return segment;
    const price = Number(meter[meterPriceKey(segment.tier)]) * Number(meter.discount_factor);
    return { ...segment, price };
  });
}

/** The price of the time-of-use segment containing a plant-local minute of the day. */
export function segmentPriceAt(segments: readonly PriceSegment[], minuteOfDay: number): number {
  const segment = segments.find(
    (s) => minuteOfDay >= clockMinutes(s.start) && minuteOfDay < clockMinutes(s.end),
  );
  return segment?.price ?? 0;
}

/** Minutes of a day, the span time-of-use segments cover. */
const MINUTES_PER_DAY = 24 * 60;

/** The segments' price averaged over the minutes of a day (minutes no segment covers at 0). */
export function meanSegmentPrice(segments: readonly PriceSegment[]): number {
  const weighted = segments.reduce(
    (sum, s) => sum + s.price * (clockMinutes(s.end) - clockMinutes(s.start)),
    0,
  );
  return weighted / MINUTES_PER_DAY;
}

/**
 * Income of generating `energyKwh` when `cumulativeKwh` had been generated before: each kWh is
 * priced by the tier its cumulative position falls in (tiers sorted by `fromKwh`, first at 0).
 */
export function tieredIncome(
  tiers: readonly GenerationTier[],
  cumulativeKwh: number,
  energyKwh: number,
): number {
  if (energyKwh <= 0) return 0;
  let income = 0;
  const end = cumulativeKwh + energyKwh;
  tiers.forEach((tier, index) => {
    const tierEnd = tiers[index + 1]?.fromKwh ?? Number.POSITIVE_INFINITY;
    const overlap = Math.min(end, tierEnd) - Math.max(cumulativeKwh, tier.fromKwh);
    if (overlap > 0) income += overlap * tier.price;
  });
  return income;
}

/** Kilowatt-hours of an average power held for one 5-minute bucket. */
export function bucketEnergyKwh(averagePowerW: number): number {
  return (averagePowerW * 5) / 60 / 1000;
}

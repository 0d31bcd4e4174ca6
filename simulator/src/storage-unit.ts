/** Each way through the converter: 96 % in, 96 % out, about 92 % round trip. */
export const ONE_WAY_EFFICIENCY = 0.96;
/** What the battery management and the converter's standby draw from the cells, per kWh of capacity. */
export const STANDBY_W_PER_KWH = 1.5;
export const MIN_SOC_PCT = 10;
export const MAX_SOC_PCT = 95;

export interface StorageSpec {
  capacityKwh: number;
  maxPowerKw: number;
}

/** Where a storage unit continues from: its charge and its AC-side energy counters. */
export interface StorageCounters {
  socPct?: number;
  chargeKwh?: number;
  dischargeKwh?: number;
}

/**
 * A battery seen from the AC side of its converter: it charges from a surplus and discharges
 * into a deficit, within its power and between MIN_SOC_PCT and MAX_SOC_PCT. The counters
 * measure the AC side, so the cells gain less than was charged and lose more than was
 * discharged; the difference, and the standby draw, are the unit's losses.
 */
export class StorageUnit {
  socPct: number;
  chargeKwh: number;
  dischargeKwh: number;
  /** Conversion and standby losses since this model started, kWh. */
  lossesKwh = 0;

  constructor(
    readonly spec: StorageSpec,
    counters: StorageCounters = {},
  ) {
    this.socPct = Math.min(Math.max(counters.socPct ?? 50, MIN_SOC_PCT), MAX_SOC_PCT);
    this.chargeKwh = counters.chargeKwh ?? 0;
    this.dischargeKwh = counters.dischargeKwh ?? 0;
  }

  private get capacityWh(): number {
    return this.spec.capacityKwh * 1000;
  }

  /** Takes what it can of `surplusW` (negative: a deficit to cover); returns +discharge/−charge W at the AC side. */
  exchange(surplusW: number, hours: number): number {
    const maxW = this.spec.maxPowerKw * 1000;
    const acW =
      surplusW > 0
        ? -Math.min(surplusW, maxW, this.roomWh() / ONE_WAY_EFFICIENCY / hours)
        : Math.min(-surplusW, maxW, (this.storedAboveMinWh() * ONE_WAY_EFFICIENCY) / hours);
    const acWh = Math.abs(acW) * hours;
    const cellWh = acW < 0 ? acWh * ONE_WAY_EFFICIENCY : -acWh / ONE_WAY_EFFICIENCY;
    if (acW < 0) this.chargeKwh += acWh / 1000;
    else this.dischargeKwh += acWh / 1000;
    // The standby draw sleeps at the minimum charge, as a battery management system does.
    const standbyWh = Math.min(
      STANDBY_W_PER_KWH * this.spec.capacityKwh * hours,
      Math.max(0, this.storedAboveMinWh() + cellWh),
    );
    this.lossesKwh += (Math.abs(acWh - Math.abs(cellWh)) + standbyWh) / 1000;
    this.socPct += ((cellWh - standbyWh) / this.capacityWh) * 100;
    return acW === 0 ? 0 : acW;
  }

  /** Energy the cells hold above the minimum charge, Wh. */
  private storedAboveMinWh(): number {
    return Math.max(0, ((this.socPct - MIN_SOC_PCT) / 100) * this.capacityWh);
  }

  private roomWh(): number {
    return Math.max(0, ((MAX_SOC_PCT - this.socPct) / 100) * this.capacityWh);
  }
}

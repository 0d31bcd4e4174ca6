import { type DeviceReading, LEAKAGE_TEST_SECONDS } from '@solar/contract';

export interface SwitchConfig {
  sn: string;
  /** What the switched load draws while on (a heater, a pump), in watts. */
  loadW: number;
}

export interface LeakageTestReport {
  passed: boolean;
  leakage_ma: number;
  started_at: string;
  finished_at: string;
}

/** A leakage current above this fails the self-test (a 30 mA residual-current device trips). */
const LEAKAGE_LIMIT_MA = 30;

/**
 * A simulated smart or AC switch: on or off as commanded, drawing its load while on, counting
 * energy, and running the leakage self-test: power cut for LEAKAGE_TEST_SECONDS, then a result.
 */
export class SimulatedSwitch {
  state: 'on' | 'off' = 'on';
  private energyKwh = 0;
  private testUntil = 0;

  constructor(
    readonly config: SwitchConfig,
    private readonly random: () => number = Math.random,
  ) {}

  /** The leakage the switch measures now: a few mA on a healthy circuit. */
  private leakageMa(): number {
    return Math.round((2 + this.random() * 4) * 10) / 10;
  }

  private isPowered(at: number): boolean {
    return this.state === 'on' && at >= this.testUntil;
  }

  reading(at: Date, stepSeconds: number): DeviceReading {
    const powerW = this.isPowered(at.getTime())
      ? Math.round(this.config.loadW * (0.9 + 0.2 * this.random()))
      : 0;
    this.energyKwh += (powerW * stepSeconds) / 3_600_000;
    return {
      sn: this.config.sn,
      kind: 'switch',
      values: {
        state: this.state,
        p_w: powerW,
        e_total_kwh: Math.round(this.energyKwh * 1000) / 1000,
        leakage_ma: this.leakageMa(),
      },
    };
  }

  /** Starts the self-test now: the power is cut until the returned report's `finished_at`. */
  startLeakageTest(now = Date.now()): LeakageTestReport {
    this.testUntil = now + LEAKAGE_TEST_SECONDS * 1000;
    const leakage = this.leakageMa();
    return {
      passed: leakage < LEAKAGE_LIMIT_MA,
      leakage_ma: leakage,
      started_at: new Date(now).toISOString(),
      finished_at: new Date(this.testUntil).toISOString(),
    };
  }
}

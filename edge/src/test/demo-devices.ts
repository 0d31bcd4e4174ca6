import type { ServedUnit } from './sunspec-device-server.js';

/**
 * A three-phase inverter with two MPPT strings and immediate controls, as raw registers with
 * their scale factors: 4,210 W, 10,532,700 Wh, 50.01 Hz, PF 99.8 %, 41.5 °C.
 */
export const THREE_PHASE_INVERTER: ServedUnit = {
  models: [
    { id: 1, values: { Mn: 'Fronius', Md: 'Symo 10.0-3-M', SN: 'INV-SUNSPEC-1', DA: 1 } },
    {
      id: 103,
      values: {
        A: 610,
        AphA: 610,
        AphB: 610,
        AphC: 612,
        A_SF: -2,
        PhVphA: 2312,
        PhVphB: 2298,
        PhVphC: 2305,
        V_SF: -1,
        W: 4210,
        W_SF: 0,
        Hz: 5001,
        Hz_SF: -2,
        PF: 998,
        PF_SF: -1,
        WH: 1053270,
        WH_SF: 1,
        TmpCab: 415,
        Tmp_SF: -1,
        St: 4,
      },
    },
    {
      id: 160,
      values: { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, DCWH_SF: 0, N: 2 },
      repeating: [
        { ID: 1, IDStr: 'MPPT 1', DCA: 361, DCV: 6124, DCW: 2211 },
        { ID: 2, IDStr: 'MPPT 2', DCA: 352, DCV: 6089, DCW: 2143 },
      ],
    },
    { id: 64_001, raw: [7, 7, 7] },
    { id: 123, values: { Conn: 1, WMaxLimPct: 100, WMaxLimPct_SF: 0, WMaxLim_Ena: 0 } },
  ],
};

/** A three-phase meter whose map starts at register 0: importing 950 W. */
export const GRID_METER: ServedUnit = {
  base: 0,
  models: [
    { id: 1, values: { Mn: 'Carlo Gavazzi', Md: 'EM24', SN: 'MET-SUNSPEC-1' } },
    {
      id: 203,
      values: {
        W: 950,
        W_SF: 0,
        Hz: 5000,
        Hz_SF: -2,
        TotWhImp: 2311200,
        TotWhExp: 4102900,
        TotWh_SF: 0,
      },
    },
  ],
};

/** A battery at 63.5 % discharging 460 W, its map at register 50000. */
export const BATTERY: ServedUnit = {
  base: 50_000,
  models: [
    { id: 1, values: { Mn: 'BYD', Md: 'HVS 10.2', SN: 'BAT-SUNSPEC-1' } },
    { id: 802, values: { SoC: 635, SoC_SF: -1, W: -460, W_SF: 0, AHRtg: 50, WHRtg: 10240 } },
  ],
};

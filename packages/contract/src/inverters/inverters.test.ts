import { describe, expect, it } from 'vitest';
import {
  CHART_SELECTION_RULES,
  describeParameter,
  INVERTER_MODELS,
  inverterModelName,
  inverterModelOf,
  parameterLabel,
  parameterSelection,
  selectionProblem,
} from './endpoints.js';
import { builtinRegisterMap } from '../register-maps/builtin-maps.js';
import { SETTINGS_FAMILIES } from '../register-maps/map.js';

describe('model-code table', () => {
  it('maps the codes of spec section 3 and falls back for unknown ones', () => {
    expect(inverterModelName('0200', '-')).toBe('LS-2.5K F2');
    expect(inverterModelName('0500', '-')).toBe('LT-3K F2');
    expect(inverterModelName('3303', '-')).toBe('LHT-HV-5K F2');
    expect(inverterModelName('ffff', 'Unknown model')).toBe('Unknown model');
    expect(inverterModelName(null, 'Unknown model')).toBe('Unknown model');
    expect(inverterModelOf(' 3303 ')?.ratedPowerKw).toBe(5);
  });

  it('has unique four-digit hexadecimal codes, positive ratings and known families', () => {
    const codes = INVERTER_MODELS.map((model) => model.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const model of INVERTER_MODELS) {
      expect(model.code).toMatch(/^[0-9A-F]{4}$/);
      expect(model.ratedPowerKw).toBeGreaterThan(0);
      if (model.settingsFamily !== null) expect(SETTINGS_FAMILIES).toContain(model.settingsFamily);
    }
    // Single and three phase, string and hybrid models are all present.
    const kinds = new Set(INVERTER_MODELS.map((m) => `${m.phases}-${m.topology}`));
    expect(kinds).toEqual(new Set(['1-string', '3-string', '1-hybrid', '3-hybrid']));
  });

  it("gives each model a settings family whose register map fits the model's phases", () => {
    for (const model of INVERTER_MODELS) {
      if (model.settingsFamily === null) continue;
      expect(builtinRegisterMap(model.settingsFamily)?.phases, model.code).toBe(model.phases);
    }
  });
});

describe('chart parameters', () => {
  it('describes numbered and plain keys and refuses others', () => {
    expect(describeParameter('pv12_i')).toMatchObject({ group: 'input', unit: 'A', index: 12 });
    expect(describeParameter('ac3_p')).toMatchObject({ group: 'output', unit: 'W', index: 3 });
    expect(describeParameter('ac4_p')).toBeNull();
    expect(describeParameter('pv0_v')).toBeNull();
    expect(describeParameter('pv01_v')).toBeNull();
    expect(describeParameter('toString')).toBeNull();
    const texts = { time: 'Zeit', labels: { pv_v: 'PV{{n}}-Spannung', pac_w: 'AC-Leistung' } };
    expect(parameterLabel('pv2_v', texts)).toBe('PV2-Spannung');
    expect(parameterLabel('pac_w', texts)).toBe('AC-Leistung');
    expect(parameterLabel('ac1_i', texts)).toBe('ac1_i');
  });

  it('allows up to 6 parameters of at most 2 units in the custom chart, 30 in the series chart', () => {
    const { custom, series } = CHART_SELECTION_RULES;
    expect(
      selectionProblem(['pac_w', 'pv1_v', 'pv1_p', 'pv2_v', 'pv2_p', 'ac1_p'], custom),
    ).toBeNull();
    expect(
      selectionProblem(['pac_w', 'pv1_v', 'pv1_p', 'pv2_v', 'pv2_p', 'ac1_p', 'ac2_p'], custom),
    ).toBe('validation.chartCount');
    expect(selectionProblem(['pac_w', 'pv1_v', 'pv1_i'], custom)).toBe('validation.chartUnits');
    expect(selectionProblem(['pac_w', 'pac_w'], custom)).toBe('validation.chartCount');
    expect(selectionProblem([], custom)).toBe('validation.chartCount');
    expect(selectionProblem(['pac_w', 'bogus'], custom)).toBe('validation.chartUnknown');
    const thirty = Array.from({ length: 15 }, (_, i) => [`pv${i + 1}_v`, `pv${i + 1}_p`]).flat();
    expect(selectionProblem(thirty, series)).toBeNull();
    expect(selectionProblem([...thirty, 'pv16_v'], series)).toBe('validation.chartCount');
  });

  it('parses the comma-separated query form', () => {
    const schema = parameterSelection(CHART_SELECTION_RULES.custom);
    expect(schema.parse('pac_w, pv1_p')).toEqual(['pac_w', 'pv1_p']);
    expect(schema.safeParse('pac_w,freq_hz,pv1_v').success).toBe(false);
  });
});

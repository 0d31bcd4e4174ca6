import { AUDIT_ACTIONS } from '@solar/contract';
import { describe, expect, it } from 'vitest';

interface AuditTexts {
  actions: Record<string, string>;
}

const [audit] = Object.values(
  import.meta.glob<AuditTexts>('@locales/en/audit.json', { eager: true, import: 'default' }),
);

describe('audit action labels', () => {
  // The other locales are held to English's keys by shared/i18n/locales.test.ts.
  it('names every audit action of the contract in English', () => {
    const labels = audit?.actions ?? {};
    const unnamed = AUDIT_ACTIONS.filter((action) => !labels[action.replace('.', '_')]);
    expect(unnamed).toEqual([]);
  });
});

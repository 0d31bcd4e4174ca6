import { ALL_PERMISSIONS } from '@solar/contract';
import { describe, expect, it } from 'vitest';

interface RolesTexts {
  permission: Record<string, string>;
}

const [roles] = Object.values(
  import.meta.glob<RolesTexts>('@locales/en/roles.json', { eager: true, import: 'default' }),
);

describe('permission labels', () => {
  // The other locales are held to English's keys by shared/i18n/locales.test.ts.
  it('names every permission of the contract in English', () => {
    const labels = roles?.permission ?? {};
    const unnamed = ALL_PERMISSIONS.filter(
      (permission) => !labels[permission.replaceAll('.', '_')],
    );
    expect(unnamed).toEqual([]);
  });
});

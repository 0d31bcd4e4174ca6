import { ALL_PERMISSIONS } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import roles from '../../locales/en/roles.json';

describe('permission labels', () => {
  // The other locales are held to English's keys by shared/i18n/locales.test.ts.
  it('names every permission of the contract in English', () => {
    const labels = (roles as { permission: Record<string, string> }).permission;
    const unnamed = ALL_PERMISSIONS.filter(
      (permission) => !labels[permission.replaceAll('.', '_')],
    );
    expect(unnamed).toEqual([]);
  });
});

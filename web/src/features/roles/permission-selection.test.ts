import { describe, expect, it } from 'vitest';
import { COMPANY_PERMISSION_TREE, togglePermission } from './permission-selection';

describe('role permission selection', () => {
  it('ticks the menu parents of a ticked button', () => {
    expect(togglePermission([], 'company.role.create', true)).toEqual([
      'company.management',
      'company.role.list.view',
      'company.role.create',
    ]);
  });

  it('unticks everything under an unticked menu', () => {
    const selected = [
      'company.management',
      'company.role.list.view',
      'company.role.create',
      'station.view',
    ];
    expect(togglePermission(selected, 'company.management', false)).toEqual(['station.view']);
  });

  it('offers no platform-only permission', () => {
    expect(COMPANY_PERMISSION_TREE.some((node) => node.permission === 'system.management')).toBe(
      false,
    );
  });
});

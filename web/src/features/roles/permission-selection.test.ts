import { describe, expect, it } from 'vitest';
import { togglePermission } from './permission-selection';

describe('role permission selection', () => {
  it('ticks the menu parents of a ticked button', () => {
    expect(togglePermission([], 'company.role.create', true)).toEqual([
      'company.management',
      'company.role.list.view',
      'company.role.create',
    ]);
  });

  it('keeps the tree order when ticking next to earlier choices', () => {
    const selected = ['company.management', 'company.role.list.view', 'company.role.create'];
    expect(togglePermission(selected, 'station.view', true)).toEqual([
      'station.view',
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
});

import { COMPANY_PERMISSIONS, prunePermissionTree } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { togglePermission } from './permission-selection';

const companyTree = prunePermissionTree(new Set(COMPANY_PERMISSIONS));

describe('role permission selection', () => {
  it('ticks the menu parents of a ticked button', () => {
    expect(togglePermission(companyTree, [], 'company.role.create', true)).toEqual([
      'company.management',
      'company.role.list.view',
      'company.role.create',
    ]);
  });

  it('keeps the tree order when ticking next to earlier choices', () => {
    const selected = ['company.management', 'company.role.list.view', 'company.role.create'];
    expect(togglePermission(companyTree, selected, 'station.view', true)).toEqual([
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
    expect(togglePermission(companyTree, selected, 'company.management', false)).toEqual([
      'station.view',
    ]);
  });
});

import {
  COMPANY_PERMISSIONS,
  ErrorCode,
  OWNER_PERMISSIONS,
  customerPermissionTree,
  type PermissionNode,
  permissionTree,
  PLATFORM_ONLY_PERMISSIONS,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

function permissionsIn(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => [node.permission, ...permissionsIn(node.children)]);
}

function tree(endpoint: typeof permissionTree | typeof customerPermissionTree, token?: string) {
  return callEndpoint(t.app, endpoint, {
    ...(token ? { token } : {}),
    headers: { 'x-source': 'web' },
  });
}

describe('GET /api/v1/permission', () => {
  it('answers 401 without a token', async () => {
    expect((await tree(permissionTree)).status).toBe(401);
  });

  it("answers a staff member's held permissions with their menu parents", async () => {
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['gateway.view']);
    const res = await tree(permissionTree, staffToken);
    expect(res.code).toBe(0);
    expect(res.data).toEqual([
      {
        type: 0,
        permission: 'equip.view',
        children: [{ type: 0, permission: 'gateway.view', children: [] }],
      },
    ]);
  });

  it("answers an owner's permissions and a platform administrator's whole tree", async () => {
    const owner = await buildUser(t.deps);
    const ownerTree = await tree(permissionTree, await tokenFor(t.deps, owner.id));
    expect(new Set(permissionsIn(ownerTree.data))).toEqual(new Set(OWNER_PERMISSIONS));
    const admin = await buildUser(t.deps, { kind: 'platform_admin' });
    const adminTree = await tree(permissionTree, await tokenFor(t.deps, admin.id));
    expect(permissionsIn(adminTree.data)).toEqual(
      expect.arrayContaining([...PLATFORM_ONLY_PERMISSIONS]),
    );
  });
});

describe('GET /api/v1/permission/customer', () => {
  it('answers 401 without a token and 2 without company.role.list.view', async () => {
    expect((await tree(customerPermissionTree)).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect((await tree(customerPermissionTree, staffToken)).code).toBe(ErrorCode.noPermission);
  });

  it('answers every company permission and no platform one', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await tree(customerPermissionTree, adminToken);
    expect(res.code).toBe(0);
    const listed = permissionsIn(res.data);
    expect(new Set(listed)).toEqual(new Set(COMPANY_PERMISSIONS));
    for (const permission of PLATFORM_ONLY_PERMISSIONS) expect(listed).not.toContain(permission);
  });
});

describe('OpenAPI description', () => {
  it('describes the recursive permission tree', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, unknown> }>().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/v1/permission', '/api/v1/permission/customer']),
    );
  });
});

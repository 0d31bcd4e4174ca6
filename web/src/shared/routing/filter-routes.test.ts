import { COMPANY_PERMISSIONS, PERMISSION_TREE, prunePermissionTree } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import {
  activeMenuKey,
  filterRoutes,
  flattenRoutes,
  menuRoutes,
  roleButtons,
} from './filter-routes';
import { PRIVATE_ROUTES } from '../../app/router/private-routes';

const menuPaths = (held: string[]): string[] =>
  flattenRoutes(menuRoutes(filterRoutes(PRIVATE_ROUTES, new Set(held)))).map((route) => route.path);

describe('route filtering by permission', () => {
  it('gives a station.view viewer the dashboard, the plant list and the full screen only', () => {
    expect(menuPaths(['station.view'])).toEqual(['/dashboard', '/plants', '/fullscreen']);
  });

  it('keeps hidden routes whatever the permissions', () => {
    const paths = flattenRoutes(filterRoutes(PRIVATE_ROUTES, new Set(['station.view']))).map(
      (r) => r.path,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        '/plants/overview/:id',
        '/plants/edit/:id',
        '/plant-add',
        '/edit',
        '/logging',
      ]),
    );
    expect(paths).not.toContain('/enterprise/user');
  });

  it('gives a company administrator the company menus but not system management', () => {
    const paths = menuPaths([...COMPANY_PERMISSIONS]);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/plants',
        '/device',
        '/device/inverter',
        '/enterprise',
        '/enterprise/roles',
        '/customer/type',
      ]),
    );
    expect(paths).not.toContain('/management');
    expect(paths).not.toContain('/customer/agents');
  });

  it("moves a group's redirect to a held child", () => {
    const routes = filterRoutes(
      PRIVATE_ROUTES,
      new Set(['company.management', 'company.role.list.view']),
    );
    const enterprise = routes.find((route) => route.path === '/enterprise');
    expect(enterprise?.redirect).toBe('/enterprise/roles');
  });

  it('gives equip.view alone the other devices, keeping the hidden device pages routed', () => {
    const routes = filterRoutes(PRIVATE_ROUTES, new Set(['equip.view']));
    const paths = flattenRoutes(routes).map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/device/setting', '/device/comm-setting', '/device/:family/:sn']),
    );
    expect(menuPaths(['equip.view'])).toEqual(['/device', '/device/other']);
    expect(routes.find((route) => route.path === '/device')?.redirect).toBe('/device/other');
  });

  it('shows the battery list to battery.list.view holders only', () => {
    expect(menuPaths(['equip.view', 'battery.list.view'])).toContain('/device/battery');
    expect(menuPaths(['equip.view'])).not.toContain('/device/battery');
    expect(menuPaths(['station.view'])).not.toContain('/device/other');
  });

  it('needs the group permission too, not only the child', () => {
    expect(menuPaths(['gateway.view'])).toEqual([]);
  });
});

describe('menu highlighting', () => {
  const routes = filterRoutes(PRIVATE_ROUTES, new Set(COMPANY_PERMISSIONS));
  it.each([
    ['/plants/overview/12', '/plants'],
    ['/plants/edit/3', '/plants'],
    ['/plant-add', '/plants'],
    ['/plants/device/setting', '/plants'],
    ['/device/setting', '/device/inverter'],
    ['/workdata/reportinfo', '/workdata/report'],
    ['/enterprise/roles', '/enterprise/roles'],
  ])('%s highlights %s', (pathname, key) => {
    expect(activeMenuKey(routes, pathname)).toBe(key);
  });
});

describe('role buttons', () => {
  it('lists the buttons under a menu entry of the server tree', () => {
    const tree = prunePermissionTree(
      new Set(['inverter.view', 'inverter.setting', 'inverter.boot']),
      PERMISSION_TREE,
    );
    expect(roleButtons(tree, 'inverter.view')).toEqual(['inverter.setting', 'inverter.boot']);
  });
});

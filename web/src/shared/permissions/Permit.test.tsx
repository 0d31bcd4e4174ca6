import { prunePermissionTree, type Permission } from '@solar/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterRoutes, findRoute } from '../routing/filter-routes';
import { PRIVATE_ROUTES } from '../../app/router/private-routes';
import { pageButtons } from '../../app/router/page-buttons';
import { PageButtonsContext, PermissionSetProvider } from './PermissionContext';
import { Permit } from './Permit';

const ROLES_PAGE = ['company.management', 'company.role.list.view'];
const OVERVIEW_PAGE = ['station.view', 'equip.view', 'inverter.view'];

/** A Permit on the signed-in page at `path`, for a user the server grants `held`. */
function renderOnPage(path: string, held: string[], permission: Permission) {
  const heldSet = new Set(held);
  const routes = filterRoutes(PRIVATE_ROUTES, heldSet);
  const route = findRoute(routes, path);
  if (!route) throw new Error(`no route for ${path}`);
  return render(
    <PermissionSetProvider held={heldSet}>
      <PageButtonsContext value={pageButtons(routes, prunePermissionTree(heldSet), route)}>
        <Permit permission={permission}>
          <button type="button">{permission}</button>
        </Permit>
      </PageButtonsContext>
    </PermissionSetProvider>,
  );
}

const button = (permission: Permission) => screen.queryByRole('button', { name: permission });

describe('<Permit> on a page', () => {
  it("hides its children when the page's button list lacks the permission", () => {
    renderOnPage('/enterprise/roles', ROLES_PAGE, 'company.role.create');
    expect(button('company.role.create')).toBeNull();
  });

  it("shows its children when the page's button list has the permission", () => {
    renderOnPage(
      '/enterprise/roles',
      [...ROLES_PAGE, 'company.role.create'],
      'company.role.create',
    );
    expect(button('company.role.create')).toBeInTheDocument();
  });

  it('hides a button the user holds only for another page', () => {
    const held = [...ROLES_PAGE, 'user.producer', 'customer.type.list.view', 'company.role.create'];
    renderOnPage('/customer/type', held, 'company.role.create');
    expect(button('company.role.create')).toBeNull();
  });

  it('gives the plant overview the buttons of the inverter page', () => {
    renderOnPage('/plants/overview/3', [...OVERVIEW_PAGE, 'inverter.setting'], 'inverter.setting');
    expect(button('inverter.setting')).toBeInTheDocument();
  });

  it('removes an inverter button from the overview when the inverter page lacks it', () => {
    renderOnPage('/plants/overview/3', [...OVERVIEW_PAGE, 'inverter.boot'], 'inverter.setting');
    expect(button('inverter.setting')).toBeNull();
  });

  it('keeps the plant buttons on the overview, which belongs to the plant list', () => {
    renderOnPage('/plants/overview/3', [...OVERVIEW_PAGE, 'station.share'], 'station.share');
    expect(button('station.share')).toBeInTheDocument();
  });

  it('gives the agents page the buttons of the customer list', () => {
    const held = ['user.producer', 'customer.list.view', 'agent.manage'];
    renderOnPage('/customer/agents', held, 'agent.manage');
    expect(button('agent.manage')).toBeInTheDocument();
  });
});

describe('<Permit> outside the signed-in routes', () => {
  it('falls back to the held permissions', () => {
    render(
      <PermissionSetProvider held={new Set(['company.role.create'])}>
        <Permit permission="company.role.create">
          <button type="button">Add role</button>
        </Permit>
      </PermissionSetProvider>,
    );
    expect(screen.getByRole('button', { name: 'Add role' })).toBeInTheDocument();
  });
});

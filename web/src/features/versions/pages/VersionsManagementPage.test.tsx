import {
  checkVersionName,
  deleteVersion,
  ErrorCode,
  listManagedVersions,
  type ManagedVersion,
  type Permission,
  publishVersion,
} from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent, sentJsonBody } from '../../../test/expect-sent';
import { answer, refuse } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import VersionsManagementPage from './VersionsManagementPage';

const FULL: Permission[] = ['sys.version.manage', 'sys.version.edit'];

const released: ManagedVersion = {
  id: 5,
  version: '1.4.0',
  releasedAt: '2026-11-01T08:00:00.000Z',
  notes: { en: 'Faster charts', zh: '图表更快' },
};

const ui = {
  publish: () => screen.queryByRole('button', { name: /Publish version/ }),
  remove: () => screen.queryAllByRole('button', { name: 'Delete' })[0] ?? null,
  row: async (version: string) => (await screen.findByText(version)).closest('tr') as HTMLElement,
};

function renderVersions(held: readonly Permission[] = FULL, nameTaken = false) {
  return renderPage(<VersionsManagementPage />, {
    held,
    routes: {
      ...answer(listManagedVersions, { infos: [released], total: 1 }),
      ...(nameTaken
        ? refuse(checkVersionName, ErrorCode.codeExists)
        : answer(checkVersionName, null)),
      ...answer(publishVersion, { ...released, id: 6, version: '1.5.0' }),
      ...answer(deleteVersion, null),
    },
  });
}

const page = { held: FULL, render: renderVersions, shown: () => ui.row('1.4.0') };

describe('<VersionsManagementPage>', () => {
  it('lists versions with their notes in the interface language', async () => {
    renderVersions();
    const row = await ui.row('1.4.0');
    expect(within(row).getByText('Faster charts')).toBeVisible();
    expect(within(row).getByText('2')).toBeVisible();
  });

  it('publishes a version with notes per language', async () => {
    const { server } = renderVersions();
    await ui.row('1.4.0');
    await userEvent.click(ui.publish()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Version'), '1.5.0');
    await userEvent.type(within(dialog).getByLabelText('English'), 'New reports');
    await userEvent.type(within(dialog).getByLabelText('简体中文'), '新报表');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await sentJsonBody(server.requests, publishVersion)).toEqual({
      version: '1.5.0',
      notes: { en: 'New reports', zh: '新报表' },
    });
  });

  it('shows a published name under the field when it loses focus', async () => {
    renderVersions(FULL, true);
    await ui.row('1.4.0');
    await userEvent.click(ui.publish()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Version'), '1.4.0');
    await userEvent.tab();
    expect(await screen.findByText('This version is published already')).toBeInTheDocument();
  });

  it('deletes a version after confirmation', async () => {
    const { server } = renderVersions();
    await userEvent.click(within(await ui.row('1.4.0')).getByRole('button', { name: 'Delete' }));
    await confirmAndExpectSent(server.requests, deleteVersion, { id: 5 });
  });

  itHidesEachWithout(page, [
    { name: 'publish', permission: 'sys.version.edit', find: ui.publish },
    { name: 'delete', permission: 'sys.version.edit', find: ui.remove },
  ]);
});

import {
  invalidateNotice,
  listNotices,
  NoticeStatus,
  publishNotice,
  type Notice,
  type Permission,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import NoticesPage from './NoticesPage';

const FULL: Permission[] = ['sys.notice.manage', 'sys.notice.edit'];

const notice = (id: number, overrides: Partial<Notice> = {}): Notice => ({
  id,
  status: NoticeStatus.unpublished,
  type: 0,
  scope: '0',
  startTime: '2031-05-04T08:00:00.000Z',
  endTime: '2031-05-04T12:00:00.000Z',
  effectiveTime: '2031-05-04T08:00:00.000Z',
  zhDesc: '系统维护',
  enDesc: `Maintenance ${id}`,
  zhDuration: '4小时',
  enDuration: '4 hours',
  suggests: [],
  ...overrides,
});

const ui = {
  add: () => screen.queryByRole('button', { name: /Add notice/ }),
  publish: () => screen.queryAllByRole('button', { name: 'Publish' })[0] ?? null,
  invalidate: () => screen.queryAllByRole('button', { name: 'Set invalid' })[0] ?? null,
  row: async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement,
};

function renderNotices(held: readonly Permission[] = FULL) {
  return renderPage(<NoticesPage />, {
    held,
    routes: {
      ...answer(listNotices, {
        infos: [
          notice(1),
          notice(2, { status: NoticeStatus.publishing }),
          notice(3, { status: NoticeStatus.invalid }),
        ],
        total: 3,
      }),
      ...answer(publishNotice, notice(1, { status: NoticeStatus.publishing })),
      ...answer(invalidateNotice, notice(2, { status: NoticeStatus.invalid })),
    },
  });
}

const page = { held: FULL, render: renderNotices, shown: () => ui.row('Maintenance 1') };

describe('<NoticesPage>', () => {
  it('shows each notice with its status; an invalid one is final', async () => {
    renderNotices();
    expect(within(await ui.row('Maintenance 1')).getByText('Unpublished')).toBeInTheDocument();
    expect(within(await ui.row('Maintenance 2')).getByText('Publishing')).toBeInTheDocument();
    const invalid = await ui.row('Maintenance 3');
    expect(within(invalid).getByText('Invalid, final')).toBeInTheDocument();
    expect(within(invalid).queryByRole('button')).toBeNull();
  });

  it('publishes an unpublished notice after confirmation', async () => {
    const { server } = renderNotices();
    const row = await ui.row('Maintenance 1');
    await userEvent.click(within(row).getByRole('button', { name: 'Publish' }));
    await confirmAndExpectSent(server.requests, publishNotice, { id: 1 });
  });

  it('asks before setting a notice invalid and says it is final', async () => {
    const { server } = renderNotices();
    const row = await ui.row('Maintenance 2');
    expect(within(row).queryByRole('button', { name: 'Publish' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Set invalid' }));
    expect(await screen.findByText(/cannot be undone/)).toBeInTheDocument();
    expect(requestsTo(server.requests, invalidateNotice)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, invalidateNotice, { id: 2 })).toHaveLength(1),
    );
  });

  it('opens the form with both languages and the suggestion list', async () => {
    renderNotices();
    await ui.row('Maintenance 1');
    await userEvent.click(ui.add() as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Chinese text')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('English text')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Add suggestion/ }));
    expect(within(dialog).getByPlaceholderText('Suggestion in English')).toBeInTheDocument();
  });

  itHidesEachWithout(page, [
    { name: 'add notice', permission: 'sys.notice.edit', find: ui.add },
    { name: 'publish', permission: 'sys.notice.edit', find: ui.publish },
    { name: 'set invalid', permission: 'sys.notice.edit', find: ui.invalidate },
  ]);
});

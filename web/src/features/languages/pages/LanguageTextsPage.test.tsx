import {
  countMissingWebTexts,
  languageEntries,
  listWebTexts,
  type Permission,
  removeWebText,
  setWebText,
  type WebText,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sentJsonBody } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import LanguageTextsPage from './LanguageTextsPage';

const FULL: Permission[] = ['sys.dict.manage', 'sys.dict.edit'];

const plants: WebText = {
  key: 'menu:plants',
  english: 'Plants',
  builtIn: 'Plants',
  override: null,
  isMissing: false,
};
const title: WebText = {
  key: 'menu:managementLanguageTexts',
  english: 'Language entries',
  builtIn: 'Language entries',
  override: 'Texts of the portal',
  isMissing: false,
};

const ui = {
  edit: () => screen.queryAllByRole('button', { name: 'Edit' })[0] ?? null,
  remove: () => screen.queryByRole('button', { name: 'Remove override' }),
  row: async (key: string) => (await screen.findByText(key)).closest('tr') as HTMLElement,
};

function renderTexts(held: readonly Permission[] = FULL, served: Record<string, string> = {}) {
  return renderPage(<LanguageTextsPage />, {
    held,
    routes: {
      ...answer(listWebTexts, { infos: [plants, title], total: 2 }),
      ...answer(countMissingWebTexts, [{ lan: 'de', missing: 3 }]),
      ...answer(setWebText, { ...plants, override: 'Solar parks' }),
      ...answer(removeWebText, { ...title, override: null }),
      ...answer(languageEntries, { code: 'web', lan: 'en', entries: served }),
    },
  });
}

const page = { held: FULL, render: renderTexts, shown: () => ui.row('menu:plants') };

describe('<LanguageTextsPage>', () => {
  it('lists the texts of the language with their override and state', async () => {
    renderTexts();
    const row = await ui.row('menu:managementLanguageTexts');
    expect(within(row).getByText('Texts of the portal')).toBeVisible();
    expect(within(row).getByText('Overridden')).toBeVisible();
    expect(within(await ui.row('menu:plants')).getByText('Built-in text')).toBeVisible();
  });

  it('saves an override of the text in the language shown', async () => {
    const { server } = renderTexts();
    await userEvent.click(
      within(await ui.row('menu:plants')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Override');
    await userEvent.clear(field);
    await userEvent.type(field, 'Solar parks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await sentJsonBody(server.requests, setWebText)).toEqual({
      key: 'menu:plants',
      lan: 'en',
      value: 'Solar parks',
    });
  });

  it('removes an override after confirmation', async () => {
    const { server } = renderTexts();
    await userEvent.click(
      within(await ui.row('menu:managementLanguageTexts')).getByRole('button', {
        name: 'Remove override',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /OK|Yes|Confirm/ }));
    await waitFor(() => expect(requestsTo(server.requests, removeWebText)).toHaveLength(1));
    expect(requestsTo(server.requests, removeWebText)[0]?.url).toContain(
      'key=menu%3AmanagementLanguageTexts&lan=en',
    );
  });

  itHidesEachWithout(page, [
    { name: 'edit', permission: 'sys.dict.edit', find: ui.edit },
    { name: 'remove', permission: 'sys.dict.edit', find: ui.remove },
  ]);

  // Last: the served override stays in the app's texts for the rest of the file.
  it("shows a saved override of the interface's language at once, fetched past the cache", async () => {
    const { server } = renderTexts(FULL, { 'menu:managementLanguageTexts': 'Portal wording' });
    await userEvent.click(
      within(await ui.row('menu:plants')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Override'), ' here');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Portal wording')).toBeVisible();
    expect(requestsTo(server.requests, languageEntries).map((request) => request.cache)).toEqual([
      'reload',
    ]);
  });
});

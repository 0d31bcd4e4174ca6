import {
  checkDictionaryCode,
  createDictionaryEntry,
  type DictionaryEntry,
  ErrorCode,
  listDictionaryEntries,
  listDictionaryTypes,
  type Permission,
  setDictionaryEntryEnabled,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectSentBody, sentJsonBody } from '../../../test/expect-sent';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import DictionariesPage from './DictionariesPage';

const FULL: Permission[] = ['sys.dict.manage', 'sys.dict.edit'];

const inverter: DictionaryEntry = {
  id: 3,
  type: 'deviceType',
  code: 'inverter',
  texts: { en: 'Inverter', de: 'Wechselrichter' },
  sortOrder: 1,
  isEnabled: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const ui = {
  add: () => screen.queryByRole('button', { name: /Add entry/ }),
  disable: () => screen.queryAllByRole('button', { name: 'Disable' })[0] ?? null,
  row: async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement,
};

function renderDictionaries(held: readonly Permission[] = FULL, codeTaken = false) {
  return renderPage(<DictionariesPage />, {
    held,
    routes: {
      ...answer(listDictionaryEntries, { infos: [inverter], total: 1 }),
      ...answer(listDictionaryTypes, ['deviceType']),
      ...(codeTaken
        ? refuse(checkDictionaryCode, ErrorCode.codeExists)
        : answer(checkDictionaryCode, null)),
      ...answer(createDictionaryEntry, { ...inverter, id: 4, code: 'meter' }),
      ...answer(setDictionaryEntryEnabled, { ...inverter, isEnabled: false }),
    },
  });
}

const page = { held: FULL, render: renderDictionaries, shown: () => ui.row('inverter') };

describe('<DictionariesPage>', () => {
  it('lists entries with their type, code, text and state', async () => {
    renderDictionaries();
    const row = await ui.row('inverter');
    expect(within(row).getByText('deviceType')).toBeVisible();
    expect(within(row).getByText('Inverter')).toBeVisible();
    expect(within(row).getByText('Enabled')).toBeVisible();
  });

  it('adds an entry with its texts per language', async () => {
    const { server } = renderDictionaries();
    await ui.row('inverter');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Type'), 'deviceType');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'meter');
    await userEvent.type(within(dialog).getByLabelText('English'), 'Meter');
    await userEvent.type(within(dialog).getByLabelText('Deutsch'), 'Zähler');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await sentJsonBody(server.requests, createDictionaryEntry)).toEqual({
      type: 'deviceType',
      code: 'meter',
      texts: { en: 'Meter', de: 'Zähler' },
      sortOrder: 0,
    });
  });

  it('shows a taken code under the field when it loses focus, before Save', async () => {
    const { server } = renderDictionaries(FULL, true);
    await ui.row('inverter');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Type'), 'deviceType');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'inverter');
    await userEvent.tab();
    expect(await screen.findByText('This code exists in the type already')).toBeInTheDocument();
    expect(requestsTo(server.requests, checkDictionaryCode)[0]?.url).toContain(
      'type=deviceType&code=inverter',
    );
  });

  it('checks a currency entry as an ISO 4217 code and a time zone as an IANA name', async () => {
    const { server } = renderDictionaries();
    await ui.row('inverter');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Type'), 'currency');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'XYZ');
    expect(
      await within(dialog).findByText('A currency code of ISO 4217, such as EUR'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Type'));
    await userEvent.type(within(dialog).getByLabelText('Type'), 'timeZone');
    expect(
      await within(dialog).findByText('A time zone of the IANA database, such as Europe/Berlin'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Code'));
    await userEvent.type(within(dialog).getByLabelText('Code'), 'America/Nuuk');
    await waitFor(() =>
      expect(within(dialog).queryByText(/IANA database/)).not.toBeInTheDocument(),
    );
    expect(requestsTo(server.requests, createDictionaryEntry)).toHaveLength(0);
  });

  it('refuses a new device type or event level code: their codes are the platform’s', async () => {
    const { server } = renderDictionaries();
    await ui.row('inverter');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Type'), 'deviceType');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'datalogger');
    const refusal =
      'This type holds only the codes the platform understands: rename or disable an entry instead of adding one';
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Type'));
    await userEvent.type(within(dialog).getByLabelText('Type'), 'eventLevel');
    await userEvent.clear(within(dialog).getByLabelText('Code'));
    await userEvent.type(within(dialog).getByLabelText('Code'), 'X');
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(requestsTo(server.requests, createDictionaryEntry)).toHaveLength(0);
  });

  it('disables an entry after confirmation', async () => {
    const { server } = renderDictionaries();
    await userEvent.click(
      within(await ui.row('inverter')).getByRole('button', { name: 'Disable' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /OK|Yes|Confirm/ }));
    await expectSentBody(server.requests, setDictionaryEntryEnabled, { id: 3 }, 'enabled=false');
  });

  itHidesEachWithout(page, [
    { name: 'add', permission: 'sys.dict.edit', find: ui.add },
    { name: 'disable', permission: 'sys.dict.edit', find: ui.disable },
  ]);
});

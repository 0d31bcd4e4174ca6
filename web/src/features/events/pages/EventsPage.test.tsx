import {
  acknowledgeEvents,
  type DictionaryOption,
  dictionaryOptions,
  type EventInfo,
  exportEvents,
  listEvents,
  listPlants,
  type Permission,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typeDateRange } from '../../../test/date-range';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import EventsPage from './EventsPage';

const event = (id: number, overrides: Partial<EventInfo> = {}): EventInfo => ({
  id,
  code: '101',
  level: 'P',
  sn: `INV${id}`,
  deviceKind: 'inverter',
  plantId: 7,
  plantName: 'Tokyo roof',
  timeZone: 'Asia/Tokyo',
  description: 'Grid over-voltage',
  suggestion: 'Ask the grid operator to check the voltage.',
  startTime: '2026-03-01T15:30:00.000Z',
  endTime: '2026-03-01T17:35:00.000Z',
  isAcknowledged: false,
  acknowledgedAt: null,
  acknowledgedBy: null,
  lostEnergy: null,
  ...overrides,
});

const ROWS = [
  event(1),
  event(2, {
    code: '301',
    level: 'W',
    description: 'Fan failure',
    endTime: null,
    isAcknowledged: true,
    acknowledgedAt: '2026-03-02T00:00:00.000Z',
    acknowledgedBy: 'Anna',
  }),
  event(3, { code: '201', level: 'F', description: 'Isolation fault', deviceKind: 'battery' }),
];

/**
 * The dictionaries as an administrator left them: the warning level and the meter kind are
 * disabled, two names changed, and an entry whose code is no device kind (an old row) is there.
 */
const DICTIONARIES: Record<string, DictionaryOption[]> = {
  eventLevel: [
    { code: 'P', name: 'Protection' },
    { code: 'F', name: 'Failure' },
  ],
  deviceType: [
    { code: 'inverter', name: 'PV inverter' },
    { code: 'battery', name: 'Home battery' },
    { code: 'datalogger', name: 'Logger' },
  ],
};

const dictionaries = answer(dictionaryOptions, (request) => {
  const type = new URL(request.url, 'http://portal').searchParams.get('type') ?? '';
  return DICTIONARIES[type] ?? [];
});

const ui = {
  row: async (sn: string) => (await screen.findByText(sn)).closest('tr') as HTMLElement,
  acknowledge: () => screen.getByRole('button', { name: /Acknowledge selected/ }),
  exportCsv: () => screen.getByRole('button', { name: /Export CSV/ }),
  keyword: () => screen.getByRole('searchbox', { name: 'SN or code' }),
};

function renderEvents(
  held: readonly Permission[] = ['event.view', 'station.view'],
  withDictionaries = true,
) {
  return renderPage(<EventsPage />, {
    held,
    routes: {
      ...(withDictionaries ? dictionaries : {}),
      ...answer(listEvents, { infos: ROWS, total: 3 }),
      ...answer(listPlants, { infos: [], total: 0 }),
      ...answer(acknowledgeEvents, { acknowledged: [1], alreadyAcknowledged: [] }),
      [`GET ${exportEvents.path}`]: () => ({
        file: { contentType: 'text/csv', fileName: 'events-2026-03-02.csv', text: 'Level\nP\n' },
      }),
    },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('<EventsPage>', () => {
  it('shows level letters, texts, plant link, plant-local times, open and acknowledged', async () => {
    renderEvents();
    const first = await ui.row('INV1');
    expect(within(first).getByText('P')).toBeInTheDocument();
    expect(within(first).getByText('Grid over-voltage')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Tokyo roof' })).toHaveAttribute(
      'href',
      '/plants/overview/7',
    );
    // 15:30 UTC is 00:30 the next day in Tokyo; the event lasted 2 h 5 min.
    expect(within(first).getByText(/03\/02\/2026, 12:30 AM|2026.*00:30|12:30/)).toBeInTheDocument();
    expect(within(first).getByText('2 hr 5 min')).toBeInTheDocument();
    const second = await ui.row('INV2');
    expect(within(second).getByText('Open')).toBeInTheDocument();
    expect(within(second).getByText('Anna')).toBeInTheDocument();
  });

  it('names levels and device types from the dictionaries, a disabled entry by its built-in name', async () => {
    renderEvents();
    const first = await ui.row('INV1');
    expect(await within(first).findByText('PV inverter')).toBeInTheDocument();
    expect(within(first).getByText('P')).toHaveAttribute('title', 'Protection');
    expect(within(await ui.row('INV3')).getByText('Home battery')).toBeInTheDocument();
    expect(within(await ui.row('INV2')).getByText('W')).toHaveAttribute('title', 'Warning');
  });

  it('offers the enabled dictionary entries as filters, in their texts', async () => {
    const { server } = renderEvents();
    await within(await ui.row('INV1')).findByText('PV inverter');
    await userEvent.click(screen.getByRole('combobox', { name: 'Level' }));
    expect(await screen.findByTitle('P · Protection')).toBeInTheDocument();
    expect(screen.getByTitle('F · Failure')).toBeInTheDocument();
    expect(screen.queryByTitle(/^W ·/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('F · Failure'));
    await waitFor(() =>
      expect(requestsTo(server.requests, listEvents).at(-1)?.url).toContain('level=F'),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Device type' }));
    expect(await screen.findByTitle('PV inverter')).toBeInTheDocument();
    expect(screen.queryByTitle('Meter')).not.toBeInTheDocument();
    expect(screen.queryByTitle('Logger')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('Home battery'));
    await waitFor(() =>
      expect(requestsTo(server.requests, listEvents).at(-1)?.url).toContain('deviceKind=battery'),
    );
    const languages = requestsTo(server.requests, dictionaryOptions).map((request) =>
      new URL(request.url, 'http://portal').searchParams.get('lan'),
    );
    expect(new Set(languages)).toEqual(new Set(['en']));
  });

  it('falls back to the built-in names and lists when the dictionaries cannot be read', async () => {
    renderEvents(['event.view', 'station.view'], false);
    const first = await ui.row('INV1');
    expect(await within(first).findByText('Inverter')).toBeInTheDocument();
    expect(within(first).getByText('P')).toHaveAttribute('title', 'Protect');
    await userEvent.click(screen.getByRole('combobox', { name: 'Level' }));
    expect(await screen.findByTitle('W · Warning')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Device type' }));
    expect(await screen.findByTitle('Heat pump')).toBeInTheDocument();
    expect(screen.queryByText('no route')).not.toBeInTheDocument();
  });

  it('expands a row to its suggestion', async () => {
    renderEvents();
    const first = await ui.row('INV1');
    await userEvent.click(within(first).getByRole('button', { name: /expand/i }));
    expect(
      await screen.findByText('Ask the grid operator to check the voltage.'),
    ).toBeInTheDocument();
  });

  it('sends the keyword filter from page 1', async () => {
    const { server } = renderEvents();
    await ui.row('INV1');
    await userEvent.type(ui.keyword(), 'INV2{Enter}');
    await waitFor(() =>
      expect(requestsTo(server.requests, listEvents).at(-1)?.url).toContain('keyword=INV2'),
    );
    expect(requestsTo(server.requests, listEvents).at(-1)?.url).toContain('page=1');
    expect(requestsTo(server.requests, listEvents).at(-1)?.url).toContain('lan=en');
  });

  it('sends the picked days as dates, which the server reads in each plant’s zone', async () => {
    const { server } = renderEvents();
    await ui.row('INV1');
    await typeDateRange('Start date (plant time)', '2026-03-01', '2026-03-02');
    await waitFor(() => {
      const url = requestsTo(server.requests, listEvents).at(-1)?.url ?? '';
      const query = new URL(url, 'http://portal').searchParams;
      expect({ from: query.get('from'), to: query.get('to') }).toEqual({
        from: '2026-03-01',
        to: '2026-03-02',
      });
    });
  });

  it('acknowledges the selected rows and reloads', async () => {
    const { server } = renderEvents();
    const first = await ui.row('INV1');
    expect(ui.acknowledge()).toBeDisabled();
    await userEvent.click(within(first).getByRole('checkbox'));
    expect(ui.acknowledge()).toBeEnabled();
    await userEvent.click(ui.acknowledge());
    await waitFor(() => expect(requestsTo(server.requests, acknowledgeEvents)).toHaveLength(1));
    expect(JSON.parse(requestsTo(server.requests, acknowledgeEvents)[0]!.body!)).toEqual({
      ids: [1],
    });
    expect(await screen.findByText('1 events acknowledged')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(server.requests, listEvents).length).toBeGreaterThan(1));
  });

  it('downloads the server CSV with the current filters', async () => {
    const createObjectURL = vi.fn(() => 'blob:events');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { server } = renderEvents();
    await ui.row('INV1');
    await userEvent.type(ui.keyword(), '301{Enter}');
    await userEvent.click(ui.exportCsv());
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = requestsTo(server.requests, exportEvents)[0]!.url;
    expect(url).toContain('keyword=301');
    expect(url).toContain('lan=en');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('opens a new work order for selected alarms of one plant, only with workorder.edit', async () => {
    renderEvents(['event.view', 'workorder.edit']);
    const first = await ui.row('INV1');
    const create = screen.getByRole('button', { name: /Create work order/ });
    expect(create).toBeDisabled();
    await userEvent.click(within(first).getByRole('checkbox'));
    expect(create).toBeEnabled();
  });

  it('hides the work-order button without workorder.edit', async () => {
    renderEvents(['event.view']);
    await ui.row('INV1');
    expect(screen.queryByRole('button', { name: /Create work order/ })).not.toBeInTheDocument();
  });

  it('offers no plant filter without station.view', async () => {
    const { server } = renderEvents(['event.view']);
    await ui.row('INV1');
    expect(screen.queryByRole('combobox', { name: 'Plant' })).not.toBeInTheDocument();
    expect(requestsTo(server.requests, listPlants)).toHaveLength(0);
  });
});

import { createPlant, editPlant } from '@solar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, ok } from '../../../test/fake-server';
import { renderPlants } from '../test-utils';
import { plantDetailFixture } from './plant-fixtures';
import PlantEditPage from './PlantEditPage';

// Leaflet needs a real layout engine; the map picker is exercised in the browser tests.
/** The enabled entries the server answers per dictionary type: `ac_coupled` is disabled. */
const DICTIONARY_ENTRIES: Record<string, { code: string; name: string }[]> = {
  currency: [
    { code: 'EUR', name: 'Euro' },
    { code: 'USD', name: 'US Dollar' },
  ],
  timeZone: [
    { code: 'UTC', name: 'UTC' },
    { code: 'Europe/Berlin', name: 'Europe/Berlin' },
  ],
  plantType: [
    { code: 'grid', name: 'Grid-tied' },
    { code: 'dc_coupled', name: 'Storage on the DC side' },
  ],
};

const dictionaries: Record<string, FakeHandler> = {
  'GET /api/v1/dict/entries': (request) => {
    const query = new URL(request.url, 'http://portal').searchParams;
    expect(query.get('lan')).toBe('en');
    return ok(DICTIONARY_ENTRIES[query.get('type') ?? ''] ?? []);
  },
  'GET /api/v1/dict/regions': () => ok([{ value: 'DE', label: 'Germany', isLeaf: false }]),
};

function renderEditor(path: string, routes: Record<string, FakeHandler>) {
  return renderPlants(
    <Routes>
      <Route path="/plant-add" element={<PlantEditPage />} />
      <Route path="/plants/edit/:id" element={<PlantEditPage />} />
      <Route path="/plants/overview/:id" element={<p>overview page</p>} />
    </Routes>,
    {
      held: ['station.view', 'station.create', 'station.edit'],
      routes: { ...dictionaries, ...routes },
      path,
    },
  );
}

function jsonBody(server: ReturnType<typeof renderPlants>['server'], path: string): unknown {
  const request = server.requests.find((entry) => entry.method === 'POST' && entry.url === path);
  return request?.body === undefined ? undefined : JSON.parse(request.body);
}

describe('<PlantEditPage>', () => {
  it('creates a plant with a body the contract accepts, then opens its overview', async () => {
    const user = userEvent.setup();
    const { server } = renderEditor('/plant-add', { 'POST /api/v1/plant': () => ok({ id: 42 }) });
    await user.type(await screen.findByLabelText('Plant name'), 'New Farm');
    await user.type(screen.getByLabelText('Installed capacity (kWp)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('overview page', {}, { timeout: 5000 })).toBeInTheDocument();
    const body = jsonBody(server, '/api/v1/plant');
    expect(body).toMatchObject({
      name: 'New Farm',
      capacityKwp: 12.5,
      valuationMethod: 'constant',
    });
    expect(createPlant.body?.safeParse(body).success).toBe(true);
  });

  it('refuses an empty name and capacity before calling the server', async () => {
    const user = userEvent.setup();
    const { server } = renderEditor('/plant-add', {});
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a number')).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('edits a plant: loads its values and sends them back valid', async () => {
    const user = userEvent.setup();
    const { server } = renderEditor('/plants/edit/5', {
      'GET /api/v1/plant/5': () => ok(plantDetailFixture),
      'POST /api/v1/plant/5': () => ok(null),
    });
    expect(await screen.findByDisplayValue('Sunny Farm')).toBeInTheDocument();
    expect(screen.getAllByTestId('tou-segment')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('overview page', {}, { timeout: 5000 })).toBeInTheDocument();
    const body = jsonBody(server, '/api/v1/plant/5');
    expect(body).toMatchObject({
      name: 'Sunny Farm',
      valuationMethod: 'time_of_use',
      touSegments: plantDetailFixture.touSegments,
      regionCountry: 'DE',
      regionState: 'BE',
    });
    expect(editPlant.body?.safeParse(body).success).toBe(true);
  });

  it('offers the enabled entries of the dictionaries, in their texts', async () => {
    const user = userEvent.setup();
    renderEditor('/plant-add', {});
    await user.click(await screen.findByLabelText('Plant type'));
    expect(await screen.findByTitle('Storage on the DC side')).toBeInTheDocument();
    expect(screen.queryByTitle('Energy storage (AC coupling)')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Currency'));
    expect(await screen.findByTitle('USD · US Dollar ($)')).toBeInTheDocument();
  });

  it('keeps showing a value whose entry was disabled after the plant chose it', async () => {
    renderEditor('/plants/edit/5', {
      'GET /api/v1/plant/5': () => ok({ ...plantDetailFixture, plantType: 'ac_coupled' }),
    });
    expect(await screen.findByDisplayValue('Sunny Farm')).toBeInTheDocument();
    expect(await screen.findByTitle('Energy storage (AC coupling)')).toBeInTheDocument();
  });
});

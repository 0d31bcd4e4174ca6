import type { PlantDetail } from '@solar/contract';
import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPlants } from '../../test-utils';
import { OverviewActions } from './OverviewActions';

const plant: PlantDetail = {
  id: 5,
  name: 'Sunny Farm',
  capacityKwp: 10,
  commissioningDate: null,
  plantType: 'grid',
  currency: 'EUR',
  valuationMethod: 'constant',
  constantPrice: 0.2,
  touSegments: [],
  generationTiers: [],
  longitude: null,
  latitude: null,
  address: null,
  timeZone: 'UTC',
  regionCountry: null,
  regionState: null,
  regionCity: null,
  pictureUrl: null,
  contacts: [],
  totalInvestment: null,
  installerEmail: null,
  generationOffsetKwh: 0,
  status: 'normal',
  ownerAccount: 'owner@example.com',
  isCompanyPlant: false,
  access: 'manage',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const button = (name: string) => screen.queryByRole('button', { name: new RegExp(name) });
const GUARDED = [
  ['Share', 'station.share'],
  ['Transfer', 'station.transfer'],
  ['Edit', 'station.edit'],
  ['Delete', 'station.delete'],
  ['Export PDF', 'station.export'],
] as const;

describe('<OverviewActions>', () => {
  it.each(GUARDED)('hides %s without %s', (label, permission) => {
    const others = GUARDED.map(([, held]) => held).filter((held) => held !== permission);
    renderPlants(<OverviewActions plant={plant} area={createRef()} />, { held: others });
    expect(button(label)).toBeNull();
    expect(button('Print')).toBeInTheDocument();
  });

  it.each(GUARDED)('shows %s with %s', (label, permission) => {
    renderPlants(<OverviewActions plant={plant} area={createRef()} />, { held: [permission] });
    expect(button(label)).toBeInTheDocument();
  });

  it('hides managing actions on a plant the user may only read', () => {
    renderPlants(<OverviewActions plant={{ ...plant, access: 'read' }} area={createRef()} />, {
      held: GUARDED.map(([, permission]) => permission),
    });
    for (const label of ['Share', 'Transfer', 'Edit', 'Delete']) expect(button(label)).toBeNull();
    expect(button('Export PDF')).toBeInTheDocument();
  });
});

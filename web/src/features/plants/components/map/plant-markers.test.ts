import { describe, expect, it, vi } from 'vitest';
import { L } from './leaflet-setup';
import 'leaflet.markercluster';
import { PlantMarkers } from './plant-markers';
import type { PlantMapPoint } from './types';

const munich: PlantMapPoint = {
  id: 1,
  name: 'Munich Roof',
  status: 'normal',
  latitude: 48.14,
  longitude: 11.58,
};
const napa: PlantMapPoint = {
  id: 2,
  name: 'Napa Winery',
  status: 'normal',
  latitude: 38.3,
  longitude: -122.29,
};

function markersOf(layer: L.MarkerClusterGroup): Map<string, L.Layer> {
  return new Map(
    layer.getLayers().map((marker) => [(marker as L.Marker).options.title ?? '', marker]),
  );
}

describe('PlantMarkers', () => {
  it('keeps the marker of a plant a refresh did not change and replaces a changed one', () => {
    const layer = L.markerClusterGroup();
    const markers = new PlantMarkers(layer, { isLabelled: false, open: null });
    expect(markers.show([munich, napa])).toBe(true);
    const first = markersOf(layer);

    expect(markers.show([{ ...munich }, { ...napa }])).toBe(false);
    const refreshed = markersOf(layer);
    expect(refreshed.get('Munich Roof')).toBe(first.get('Munich Roof'));
    expect(refreshed.get('Napa Winery')).toBe(first.get('Napa Winery'));

    expect(markers.show([{ ...munich, status: 'fault' }, napa])).toBe(false);
    const changed = markersOf(layer);
    expect(changed.size).toBe(2);
    expect(changed.get('Munich Roof')).not.toBe(first.get('Munich Roof'));
    expect((changed.get('Munich Roof') as L.Marker).options).toMatchObject({ status: 'fault' });
    expect(changed.get('Napa Winery')).toBe(first.get('Napa Winery'));
  });

  it('answers a new set of plants when one is added or removed, so the view refits', () => {
    const layer = L.markerClusterGroup();
    const markers = new PlantMarkers(layer, { isLabelled: false, open: null });
    markers.show([munich]);
    expect(markers.show([munich, napa])).toBe(true);
    expect(markers.show([napa])).toBe(true);
    expect([...markersOf(layer).keys()]).toEqual(['Napa Winery']);
  });

  it('opens the plant of a clicked marker, and takes no clicks without an opener', () => {
    const open = vi.fn();
    const layer = L.markerClusterGroup();
    new PlantMarkers(layer, { isLabelled: false, open }).show([munich]);
    (layer.getLayers()[0] as L.Marker).fire('click');
    expect(open).toHaveBeenCalledWith(1);

    const kiosk = L.markerClusterGroup();
    new PlantMarkers(kiosk, { isLabelled: false, open: null }).show([munich]);
    expect((kiosk.getLayers()[0] as L.Marker).options.interactive).toBe(false);
  });
});

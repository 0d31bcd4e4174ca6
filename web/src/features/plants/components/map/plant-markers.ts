import type { PlantStatus } from '@solar/contract';
import { statusMarkerColour } from '../../../../shared/plant-status/status';
import { dotIcon, L } from './leaflet-setup';
import type { PlantMapPoint } from './types';

export interface StatusMarkerOptions extends L.MarkerOptions {
  status: PlantStatus;
}

export interface MarkerBehaviour {
  /** Names stay shown beside the markers instead of on hover only. */
  isLabelled: boolean;
  /** Called with the plant's id on a click; null: markers take no clicks (a kiosk display). */
  open: ((plantId: number) => void) | null;
}

interface PlacedMarker {
  point: PlantMapPoint;
  marker: L.Marker;
}

function escapeHtml(text: string): string {
  const element = document.createElement('span');
  element.textContent = text;
  return element.innerHTML;
}

function isSamePoint(a: PlantMapPoint, b: PlantMapPoint): boolean {
  return (
    a.name === b.name &&
    a.status === b.status &&
    a.latitude === b.latitude &&
    a.longitude === b.longitude
  );
}

function createMarker(point: PlantMapPoint, { isLabelled, open }: MarkerBehaviour): L.Marker {
  const options: StatusMarkerOptions = {
    icon: dotIcon(statusMarkerColour(point.status)),
    title: point.name,
    status: point.status,
    interactive: open !== null,
    keyboard: open !== null,
  };
  const marker = L.marker([point.latitude, point.longitude], options).bindTooltip(
    escapeHtml(point.name),
    { permanent: isLabelled, direction: 'top' },
  );
  if (open) marker.on('click', () => open(point.id));
  return marker;
}

/**
 * The markers of a cluster layer, kept in step with the plants shown. A refresh that changes
 * nothing about a plant keeps its marker (and so the element under the reader's pointer); a
 * plant whose name, status or place changed gets a new one; plants gone lose theirs.
 */
export class PlantMarkers {
  private readonly placed = new Map<number, PlacedMarker>();

  constructor(
    private readonly layer: L.MarkerClusterGroup,
    private readonly behaviour: MarkerBehaviour,
  ) {}

  /** Places `points`; answers whether the set of plants changed (the view may then refit). */
  show(points: readonly PlantMapPoint[]): boolean {
    const shown = new Set(points.map((point) => point.id));
    let isNewSet = false;
    for (const [id, { marker }] of this.placed) {
      if (shown.has(id)) continue;
      this.layer.removeLayer(marker);
      this.placed.delete(id);
      isNewSet = true;
    }
    for (const point of points) {
      const placed = this.placed.get(point.id);
      if (placed && isSamePoint(placed.point, point)) continue;
      if (placed) this.layer.removeLayer(placed.marker);
      else isNewSet = true;
      const marker = createMarker(point, this.behaviour);
      this.layer.addLayer(marker);
      this.placed.set(point.id, { point, marker });
    }
    return isNewSet;
  }
}

import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** Only map modules import this file, so Leaflet stays out of every other page's bundle. */
export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function createOsmMap(
  element: HTMLElement,
  center: L.LatLngExpression,
  zoom: number,
): L.Map {
  const map = L.map(element, { worldCopyJump: true }).setView(center, zoom);
  L.tileLayer(OSM_TILES, { attribution: OSM_ATTRIBUTION, maxZoom: 19 }).addTo(map);
  return map;
}

export function dotIcon(colour: string, size = 16): L.DivIcon {
  return L.divIcon({
    className: 'plant-map-dot',
    html: `<span style="display:block;width:${size}px;height:${size}px;border-radius:50%;background:${colour};border:2px solid #fff;box-shadow:0 0 3px rgba(0,0,0,.5)"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

export { L };

import { useEffect, useRef } from 'react';
import { createOsmMap, dotIcon, L } from './leaflet-setup';
import type { LatLng } from './types';

interface MapPickerProps {
  value: LatLng | null;
  onPick: (position: LatLng) => void;
}

const PICKED_COLOUR = '#e85c0b';

function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A click on the map sets the plant's latitude and longitude. */
export default function MapPicker({ value, onPick }: MapPickerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const hasCentredRef = useRef(false);
  const pickRef = useRef(onPick);
  useEffect(() => {
    pickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    if (!containerRef.current) return undefined;
    const map = createOsmMap(containerRef.current, [30, 10], 2);
    map.on('click', (event: L.LeafletMouseEvent) => {
      pickRef.current({
        latitude: roundCoordinate(event.latlng.lat),
        longitude: roundCoordinate(L.Util.wrapNum(event.latlng.lng, [-180, 180], true)),
      });
    });
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
      hasCentredRef.current = false;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !value) return;
    const position: L.LatLngExpression = [value.latitude, value.longitude];
    if (markerRef.current) markerRef.current.setLatLng(position);
    else markerRef.current = L.marker(position, { icon: dotIcon(PICKED_COLOUR, 18) }).addTo(map);
    // Centre on the plant the first time, and whenever a typed value leaves the visible area.
    if (!hasCentredRef.current || !map.getBounds().contains(position)) {
      map.setView(position, Math.max(map.getZoom(), 10));
      hasCentredRef.current = true;
    }
  }, [value]);

  return <div ref={containerRef} style={{ height: 320, width: '100%' }} data-testid="map-picker" />;
}

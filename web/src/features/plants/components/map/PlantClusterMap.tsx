import { worstStatus } from '@solar/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { statusMarkerColour } from '../../../../shared/plant-status/status';
// Leaflet must be evaluated first: the marker-cluster plugin extends the global `L` it defines.
import { createOsmMap, L } from './leaflet-setup';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { PlantMarkers, type StatusMarkerOptions } from './plant-markers';
import type { PlantMapPoint } from './types';

export interface PlantClusterMapProps {
  points: readonly PlantMapPoint[];
  /** CSS height of the map (pixels, or any CSS length); 560 px unless given. */
  height?: number | string;
  /** Names stay shown beside the markers instead of on hover only. */
  isLabelled?: boolean;
  /** A click on a marker opens the plant; off on a kiosk display, which has no navigation. */
  opensPlant?: boolean;
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const colour = statusMarkerColour(
    worstStatus(
      cluster.getAllChildMarkers().map((marker) => (marker.options as StatusMarkerOptions).status),
    ),
  );
  return L.divIcon({
    className: 'plant-map-cluster',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:50%;background:${colour};color:#fff;font-weight:600;border:3px solid rgba(255,255,255,.8)">${cluster.getChildCount()}</span>`,
    iconSize: [36, 36],
  });
}

interface ShownMap {
  map: L.Map;
  layer: L.MarkerClusterGroup;
  markers: PlantMarkers;
}

/**
 * Leaflet with OpenStreetMap tiles and clustered markers coloured by plant status; a click on
 * a marker opens the plant's overview. Without a network the tiles stay blank but the markers,
 * their names and clicks still work. The map lives as long as the component: a refresh of the
 * plants changes only the markers whose plant changed, and the view is fitted to the plants
 * only when the set of plants changes, so a reader's zoom and pan survive status updates.
 */
export default function PlantClusterMap({
  points,
  height = 560,
  isLabelled = false,
  opensPlant = true,
}: PlantClusterMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const shownRef = useRef<ShownMap | null>(null);
  const navigate = useNavigate();
  const openRef = useRef((id: number) => void navigate(`/plants/overview/${id}`));
  useEffect(() => {
    openRef.current = (id) => void navigate(`/plants/overview/${id}`);
  }, [navigate]);

  useEffect(() => {
    if (!containerRef.current) return undefined;
    const map = createOsmMap(containerRef.current, [30, 10], 2);
    const layer = L.markerClusterGroup({ iconCreateFunction: clusterIcon });
    map.addLayer(layer);
    const open = opensPlant ? (id: number) => openRef.current(id) : null;
    shownRef.current = { map, layer, markers: new PlantMarkers(layer, { isLabelled, open }) };
    return () => {
      shownRef.current = null;
      map.remove();
    };
  }, [isLabelled, opensPlant]);

  useEffect(() => {
    const shown = shownRef.current;
    if (!shown) return;
    const isNewSet = shown.markers.show(points);
    shown.layer.refreshClusters();
    if (isNewSet && points.length > 0) {
      shown.map.fitBounds(shown.layer.getBounds(), { padding: [40, 40], maxZoom: 12 });
    }
  }, [points, isLabelled, opensPlant]);

  return <div ref={containerRef} style={{ height, width: '100%' }} data-testid="plant-map" />;
}

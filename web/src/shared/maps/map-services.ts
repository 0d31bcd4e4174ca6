/**
 * On-demand loading of the external map services of section 1 (a global maps service with
 * places and clustering, and a Chinese maps service). Nothing loads unless a key is
 * configured at build time; pages fall back to the bundled OpenStreetMap view (Leaflet).
 */
export type MapService = 'global' | 'china';

interface MapServiceConfig {
  url: (key: string) => string;
  key: string | undefined;
  /** Some services need a security code set on window before their script runs. */
  beforeLoad?: () => void;
}

const env = import.meta.env as Record<string, string | undefined>;

const SERVICES: Record<MapService, MapServiceConfig> = {
  global: {
    key: env.VITE_GLOBAL_MAPS_KEY,
    url: (key) =>
      `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places,marker&loading=async`,
  },
  china: {
    key: env.VITE_CHINA_MAPS_KEY,
    url: (key) => `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}`,
    beforeLoad: () => {
      const securityCode = env.VITE_CHINA_MAPS_SECURITY_CODE;
      if (securityCode) {
        (window as unknown as Record<string, unknown>)._AMapSecurityConfig = {
          securityJsCode: securityCode,
        };
      }
    },
  },
};

const loading = new Map<MapService, Promise<boolean>>();

export function isMapServiceConfigured(service: MapService): boolean {
  return Boolean(SERVICES[service].key);
}

/** Resolves true once the service's script has loaded, false when it is not configured or fails. */
export function loadMapService(service: MapService): Promise<boolean> {
  const config = SERVICES[service];
  if (!config.key) return Promise.resolve(false);
  const key = config.key;
  const existing = loading.get(service);
  if (existing) return existing;
  const promise = new Promise<boolean>((resolve) => {
    config.beforeLoad?.();
    const script = document.createElement('script');
    script.src = config.url(key);
    script.async = true;
    script.onload = () => resolve(true);
    script.onerror = () => {
      loading.delete(service);
      resolve(false);
    };
    document.head.appendChild(script);
  });
  loading.set(service, promise);
  return promise;
}

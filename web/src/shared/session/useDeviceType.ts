import { useSyncExternalStore } from 'react';
import { deviceTypeFor, type DeviceType } from './device';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useDeviceType(): DeviceType {
  return useSyncExternalStore(subscribe, () => deviceTypeFor(window.innerWidth));
}

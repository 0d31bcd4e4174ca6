export type DeviceType = 'phone' | 'desktop';

export const PHONE_MAX_WIDTH = 768;

export function deviceTypeFor(width: number): DeviceType {
  return width < PHONE_MAX_WIDTH ? 'phone' : 'desktop';
}

import { type DeviceKind, type DeviceStatus, ErrorCode } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { findVisibleDevice } from './device-access.js';

export class EquipmentService {
  constructor(private readonly deps: AppDeps) {}

  /** The latest readings of any device kind (`devices.last_values`), 606 when not visible. */
  async realtime(auth: AuthContext, sn: string) {
    const found = await findVisibleDevice(this.deps.db, auth, sn);
    if (!found) throw new AppError(ErrorCode.deviceNotFound);
    const { device } = found;
    return presentRealtime(device);
  }
}

export function presentRealtime(device: {
  sn: string;
  kind: DeviceKind;
  status: DeviceStatus;
  last_seen_at: Date | null;
  last_values: unknown;
}) {
  const values = device.last_values;
  return {
    sn: device.sn,
    kind: device.kind,
    status: device.status,
    ts: device.last_seen_at?.toISOString() ?? null,
    values:
      values !== null && typeof values === 'object' && !Array.isArray(values)
        ? (values as Record<string, unknown>)
        : {},
  };
}

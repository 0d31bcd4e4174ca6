import {
  dayBounds,
  DEVICE_FAMILIES,
  type DeviceDay,
  ErrorCode,
  type FamilyEndpoints,
  type GenericFamilyId,
  localDate,
  type ParsedQuery,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import {
  findVisibleDevice,
  listedDevices,
  type VisibleDevice,
  visibleDevices,
} from '../equipment/device-access.js';
import { AppError } from '../errors/app-error.js';
import { dayTimeZone, readLocalDay } from '../plants/local-day.js';
import { familyDaySeries } from './device-day.js';
import { presentDeviceDetail, presentDeviceListItem } from './devices.presenter.js';
import { weatherPerformanceDays } from './weather-performance.js';

type ListQuery = ParsedQuery<FamilyEndpoints['list']>;

/** Without a plant, days are UTC days. */

/**
 * The lists, details and day curves of every family of families.ts: one implementation, the
 * family's descriptor says which kind of device, which values and which curves.
 */
export class DevicesService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  private visible(auth: AuthContext, family: GenericFamilyId, filters: ListQuery) {
    const kind = DEVICE_FAMILIES[family].kind;
    if (kind === null) throw new Error(`Family ${family} has no device kind`);
    return visibleDevices(this.db, auth, kind, filters);
  }

  async list(auth: AuthContext, family: GenericFamilyId, query: ListQuery) {
    const filtered = this.visible(auth, family, query);
    const { total } = await filtered
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await listedDevices(filtered)
      .select('dataloggers.plant_id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { infos: rows.map((row) => presentDeviceListItem(family, row)), total: Number(total) };
  }

  /** The device when the caller sees it and it is of the family, else 606. */
  async find(auth: AuthContext, family: GenericFamilyId, sn: string): Promise<VisibleDevice> {
    const found = await findVisibleDevice(this.db, auth, sn);
    if (!found || found.device.kind !== DEVICE_FAMILIES[family].kind) {
      throw new AppError(ErrorCode.deviceNotFound);
    }
    return found;
  }

  async detail(auth: AuthContext, family: GenericFamilyId, sn: string) {
    const found = await this.find(auth, family, sn);
    const timeZone = dayTimeZone(found.device.plant_time_zone);
    return presentDeviceDetail(family, found, timeZone, localDate(timeZone));
  }

  async day(
    auth: AuthContext,
    family: GenericFamilyId,
    sn: string,
    date: string,
  ): Promise<DeviceDay> {
    const { device } = await this.find(auth, family, sn);
    const timeZone = dayTimeZone(device.plant_time_zone);
    return readLocalDay(timeZone, date, (bounds) =>
      familyDaySeries(this.db, family, device.id, bounds),
    );
  }

  /** The performance ratio of a weather station's plant over its last `days` local days. */
  async weatherPerformance(auth: AuthContext, sn: string, days: number) {
    const { device } = await this.find(auth, 'weather', sn);
    const timeZone = dayTimeZone(device.plant_time_zone);
    const today = localDate(timeZone);
    const dates = Array.from({ length: days }, (_, index) => shiftDate(today, index - days + 1));
    const first = dayBounds(timeZone, dates[0]!);
    const last = dayBounds(timeZone, today);
    const plant =
      device.plant_id === null
        ? undefined
        : await this.db
            .selectFrom('plants')
            .select('capacity_kwp')
            .where('id', '=', device.plant_id)
            .executeTakeFirst();
    const capacityKwp = plant ? Number(plant.capacity_kwp) : null;
    const performance = await weatherPerformanceDays(this.db, {
      stationId: device.id,
      plantId: device.plant_id,
      capacityKwp,
      timeZone,
      dates,
      from: first.from,
      to: last.to,
    });
    return { capacityKwp, days: performance };
  }
}

/** A calendar date moved by whole days (no time zone involved). */
function shiftDate(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

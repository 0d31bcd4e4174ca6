import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import type { AppDeps } from '../app-deps.js';

export function gatewaySn(prefix = 'GW'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
}

export interface BuildGatewayOptions {
  sn?: string;
  key?: string;
  plantId?: number | null;
  ownerCompanyId?: number | null;
  ownerUserId?: number | null;
  alias?: string | null;
  lastOnlineAt?: Date | null;
  signalStrength?: number | null;
  softwareVersion?: string | null;
}

/** A datalogger of the register; factory stock (held by nobody) unless told otherwise. */
export async function buildGateway(deps: AppDeps, options: BuildGatewayOptions = {}) {
  return deps.db
    .insertInto('dataloggers')
    .values({
      sn: options.sn ?? gatewaySn(),
      registration_key: options.key ?? 'KEY12345',
      plant_id: options.plantId ?? null,
      owner_company_id: options.ownerCompanyId ?? null,
      owner_user_id: options.ownerUserId ?? null,
      alias: options.alias ?? null,
      last_online_at: options.lastOnlineAt ?? null,
      signal_strength: options.signalStrength ?? null,
      software_version: options.softwareVersion ?? null,
      connection_password: 'conn-secret',
      iccid: '8949000000000000001',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An .xlsx (or .xls with `bookType: 'biff8'`) file of these rows under the template's header. */
export function spreadsheet(
  rows: readonly (readonly string[])[],
  bookType: 'xlsx' | 'biff8' = 'xlsx',
  header: readonly string[] = ['SN', 'Key', 'Alias', 'Area code'],
): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([[...header], ...rows.map((row) => [...row])]),
    'Sheet1',
  );
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLS_TYPE = 'application/vnd.ms-excel';

import type { FirmwareRecord, firmwareVersion } from '@solar/contract';
import type { z } from 'zod';
import type { FirmwareListRow, FirmwareRow } from './firmware.tables.js';

export function presentFirmware(row: FirmwareListRow): FirmwareRecord {
  return {
    id: row.id,
    firmId: row.firm_id,
    brand: row.brand,
    product: row.product,
    epn: row.epn,
    equipType: row.equip_type,
    version: row.version,
    fileName: row.file_name,
    size: row.size_bytes,
    sha256: row.sha256,
    upgradeMode: row.upgrade_mode,
    strategy: row.strategy,
    isEnabled: row.is_enabled,
    notes: row.notes,
    companyId: row.company_id,
    createdBy: row.creator_email,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentFirmwareVersion(row: FirmwareRow): z.input<typeof firmwareVersion> {
  return {
    version: row.version,
    product: row.product,
    brand: row.brand,
    equipType: row.equip_type,
    notes: row.notes,
    releasedAt: row.created_at.toISOString(),
  };
}

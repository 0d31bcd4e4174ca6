import type { StockDatalogger } from '@solar/contract';
import type { StockRecord } from './stock.service.js';

export function presentStockDatalogger(row: StockRecord): StockDatalogger {
  return {
    id: row.id,
    sn: row.sn,
    model: row.model,
    hardwareVersion: row.hardware_version,
    softwareVersion: row.software_version,
    plantId: row.plant_id,
    plantName: row.plant_name,
    companyId: row.company_id,
    companyName: row.company_name,
    ownerEmail: row.owner_email,
    lastOnlineAt: row.last_online_at?.toISOString() ?? null,
    lastUnbindReason: row.last_unbind_reason,
    createdAt: row.created_at.toISOString(),
  };
}

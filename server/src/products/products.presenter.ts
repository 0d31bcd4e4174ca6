import type { DeviceProtocol, ProductModel } from '@solar/contract';
import type { DeviceProtocolRow } from './device-protocols.service.js';
import type { ProductModelRow } from './product-models.service.js';

export function presentProductModel(row: ProductModelRow): ProductModel {
  return {
    id: row.id,
    kind: row.kind,
    modelCode: row.model_code,
    name: row.name,
    vendor: row.vendor,
    ratedPowerW: row.rated_power_w,
    hardwarePartNumber: row.hardware_part_number,
    isEnabled: row.is_enabled,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentDeviceProtocol(row: DeviceProtocolRow): DeviceProtocol {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    transport: row.transport,
    description: row.description,
    isEnabled: row.is_enabled,
    updatedAt: row.updated_at.toISOString(),
  };
}

import {
  type DeviceProtocol,
  type HardwareRevision,
  type ProductModel,
  productImage,
  type ProtocolColumn,
} from '@solar/contract';
import type { DeviceProtocolRow } from './device-protocols.service.js';
import type { HardwareRevisionRow } from './hardware-revisions.service.js';
import type { ProductModelRow } from './product-models.service.js';
import type { ProtocolColumnRow } from './protocol-columns.service.js';

/** The picture's URL, versioned by the model's last change so a replaced one is fetched anew. */
function imageUrl(row: ProductModelRow): string | null {
  if (!row.image_key) return null;
  return `${productImage.path.replace(':id', String(row.id))}?v=${row.updated_at.getTime()}`;
}

export function presentProductModel(row: ProductModelRow): ProductModel {
  return {
    id: row.id,
    kind: row.kind,
    modelCode: row.model_code,
    name: row.name,
    vendor: row.vendor,
    ratedPowerW: row.rated_power_w,
    hardwarePartNumber: row.hardware_part_number,
    phases: row.phases === 3 ? 3 : 1,
    mpptCount: row.mppt_count,
    isEnabled: row.is_enabled,
    imageUrl: imageUrl(row),
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

export function presentHardwareRevision(row: HardwareRevisionRow): HardwareRevision {
  return {
    id: row.id,
    productId: row.product_id,
    hardwareId: row.hardware_id,
    description: row.description,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentProtocolColumn(row: ProtocolColumnRow): ProtocolColumn {
  return {
    id: row.id,
    protocolId: row.protocol_id,
    key: row.key,
    name: row.name,
    unit: row.unit,
    scale: row.scale,
    valueType: row.value_type,
    sortOrder: row.sort_order,
  };
}

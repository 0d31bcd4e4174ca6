import {
  contactData,
  type DeviceStatus,
  generationTierData,
  isCurrencyCode,
  type PlantDetail,
  type PlantListItem,
  priceSegmentData,
} from '@solar/contract';
import { z } from 'zod';
import type { PlantAccessLevel } from './plant-access.js';
import type { PlantRow } from './plants.tables.js';

const storedSegments = z.array(priceSegmentData).catch([]);
const storedTiers = z.array(generationTierData).catch([]);
const storedContacts = z.array(contactData).catch([]);

/** A stored currency as the contract answers it: a code the runtime cannot format reads EUR. */
export function currencyOf(value: string): string {
  return isCurrencyCode(value) ? value : 'EUR';
}

export function storedPriceSegments(value: unknown) {
  return storedSegments.parse(value);
}

export function storedGenerationTiers(value: unknown) {
  return storedTiers.parse(value);
}

function isoDate(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  // node-postgres reads DATE as local midnight; its local fields are the stored date.
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export interface PlantListRow {
  id: number;
  name: string;
  capacity_kwp: number;
  plant_type: PlantRow['plant_type'];
  time_zone: string;
  address: string | null;
  picture_url: string | null;
  created_at: Date;
  status: DeviceStatus | null;
  power_w: number | null;
  today_kwh: number | null;
}

export function presentPlantListItem(row: PlantListRow, access: PlantAccessLevel): PlantListItem {
  return {
    id: row.id,
    name: row.name,
    capacityKwp: Number(row.capacity_kwp),
    plantType: row.plant_type,
    status: row.status ?? 'offline',
    powerW: row.power_w ?? 0,
    todayKwh: row.today_kwh ?? 0,
    timeZone: row.time_zone,
    address: row.address,
    pictureUrl: row.picture_url,
    createdAt: row.created_at.toISOString(),
    access,
  };
}

export interface PlantDetailExtras {
  status: DeviceStatus;
  ownerAccount: string;
  access: PlantAccessLevel;
}

export function presentPlantDetail(row: PlantRow, extras: PlantDetailExtras): PlantDetail {
  return {
    id: row.id,
    name: row.name,
    capacityKwp: Number(row.capacity_kwp),
    commissioningDate: isoDate(row.commissioning_date),
    plantType: row.plant_type,
    currency: currencyOf(row.currency),
    valuationMethod: row.valuation_method,
    constantPrice: Number(row.constant_price),
    touSegments: storedPriceSegments(row.tou_segments),
    generationTiers: storedGenerationTiers(row.generation_tiers),
    longitude: row.longitude,
    latitude: row.latitude,
    address: row.address,
    timeZone: row.time_zone,
    regionCountry: row.region_country,
    regionState: row.region_state,
    regionCity: row.region_city,
    pictureUrl: row.picture_url,
    contacts: storedContacts.parse(row.contacts),
    totalInvestment: row.total_investment === null ? null : Number(row.total_investment),
    installerEmail: row.installer_email,
    generationOffsetKwh: Number(row.generation_offset_kwh),
    status: extras.status,
    ownerAccount: extras.ownerAccount,
    isCompanyPlant: row.company_id !== null,
    access: extras.access,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

import type { ColumnType, Generated, Selectable } from 'kysely';

type Numeric = ColumnType<number, number | string, number | string>;
type NumericWithDefault = ColumnType<number, number | string | undefined, number | string>;

export type PlantType = 'grid' | 'ac_coupled' | 'dc_coupled';
export type ValuationMethod = 'constant' | 'time_of_use' | 'generation';
export type ShareRole = 'visitor' | 'manager';

export interface PlantsTable {
  id: Generated<number>;
  name: string;
  owner_user_id: number;
  company_id: number | null;
  capacity_kwp: Numeric;
  commissioning_date: ColumnType<string | null, string | null, string | null>;
  plant_type: Generated<PlantType>;
  currency: Generated<string>;
  valuation_method: Generated<ValuationMethod>;
  constant_price: NumericWithDefault;
  tou_segments: ColumnType<unknown, string | undefined, string>;
  generation_tiers: ColumnType<unknown, string | undefined, string>;
  longitude: number | null;
  latitude: number | null;
  address: string | null;
  time_zone: Generated<string>;
  region_country: string | null;
  region_state: string | null;
  region_city: string | null;
  picture_url: string | null;
  contacts: ColumnType<unknown, string | undefined, string>;
  total_investment: ColumnType<number | null, number | string | null, number | string | null>;
  installer_email: string | null;
  generation_offset_kwh: NumericWithDefault;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface PlantSharesTable {
  plant_id: number;
  user_id: number;
  role: ShareRole;
  created_at: ColumnType<Date, never, never>;
}

export type PlantRow = Selectable<PlantsTable>;

export interface PlantsTables {
  plants: PlantsTable;
  plant_shares: PlantSharesTable;
}

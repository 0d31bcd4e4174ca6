import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  logo_url: string | null;
  icon_url: string | null;
  theme_color: string | null;
  address: string | null;
  phone: string | null;
  created_at: CreatedAt;
}

export interface RolesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  remark: string | null;
  permissions: string[];
  created_at: CreatedAt;
}

export interface CustomerTypesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  remark: string | null;
  created_at: CreatedAt;
}

export interface CustomersTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  type_id: number | null;
  remark: string | null;
  created_at: CreatedAt;
}

export interface AgentsTable {
  id: Generated<number>;
  company_id: number;
  agent_user_id: number;
  remark: string | null;
  created_at: CreatedAt;
}

export type CompanyRow = Selectable<CompaniesTable>;
export type RoleRow = Selectable<RolesTable>;

export interface CompaniesTables {
  companies: CompaniesTable;
  roles: RolesTable;
  customer_types: CustomerTypesTable;
  customers: CustomersTable;
  agents: AgentsTable;
}

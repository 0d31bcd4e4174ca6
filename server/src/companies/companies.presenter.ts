import type { CompanyInfo, CompanyMember, ManagedCompany } from '@solar/contract';
import type { CompanyRow } from './companies.tables.js';

export function presentCompany(row: CompanyRow): CompanyInfo {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    logoUrl: row.logo_url,
    iconUrl: row.icon_url,
    themeColor: row.theme_color,
    requiresSecondFactor: row.requires_second_factor,
  };
}

/** How the audit log names a company: `company 12 "Sunny Ltd"`. */
export const companyAuditTarget = (row: { id: number; name: string }) =>
  `company ${row.id} "${row.name}"`;

export interface ManagedCompanyRecord extends CompanyRow {
  administrator_email: string | null;
  plant_count: number | string | null;
  device_count: number | string | null;
  user_count: number | string | null;
}

export function presentManagedCompany(row: ManagedCompanyRecord): ManagedCompany {
  return {
    ...presentCompany(row),
    brandId: row.brand_id,
    isEnabled: row.is_enabled,
    administratorEmail: row.administrator_email,
    plantCount: Number(row.plant_count ?? 0),
    deviceCount: Number(row.device_count ?? 0),
    userCount: Number(row.user_count ?? 0),
    createdAt: row.created_at.toISOString(),
  };
}

export interface MemberRecord {
  id: number;
  email: string;
  nickname: string;
  phone: string | null;
  kind: string;
  is_enabled: boolean;
  is_read_only: boolean;
  role_id: number | null;
  role_name: string | null;
  role_permissions: string[] | null;
  company_id: number | null;
  created_at: Date;
}

export function presentMember(row: MemberRecord): CompanyMember {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    phone: row.phone,
    isAdministrator: row.kind === 'company_admin',
    isEnabled: row.is_enabled,
    isReadOnly: row.is_read_only,
    roleId: row.role_id,
    roleName: row.role_name,
    companyId: row.company_id ?? 0,
    createdAt: row.created_at.toISOString(),
  };
}

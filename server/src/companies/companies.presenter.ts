import type { CompanyInfo, CompanyMember } from '@solar/contract';
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
  };
}

export interface MemberRecord {
  id: number;
  email: string;
  nickname: string;
  phone: string | null;
  kind: string;
  is_enabled: boolean;
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
    roleId: row.role_id,
    roleName: row.role_name,
    companyId: row.company_id ?? 0,
    createdAt: row.created_at.toISOString(),
  };
}

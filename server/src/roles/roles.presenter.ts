import type { CompanyRole } from '@solar/contract';

export interface RoleRecord {
  id: number;
  company_id: number;
  name: string;
  remark: string | null;
  permissions: string[];
  member_count: number;
  created_at: Date;
}

export function presentRole(row: RoleRecord): CompanyRole {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    remark: row.remark,
    permissions: row.permissions,
    memberCount: Number(row.member_count),
    createdAt: row.created_at.toISOString(),
  };
}

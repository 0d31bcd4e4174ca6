import type { Customer, CustomerType } from '@solar/contract';

export interface CustomerRecord {
  user_id: number;
  company_id: number;
  email: string;
  nickname: string;
  type_id: number | null;
  type_name: string | null;
  remark: string | null;
  created_at: Date;
}

export function presentCustomer(row: CustomerRecord): Customer {
  return {
    customerId: row.user_id,
    companyId: row.company_id,
    account: row.email,
    nickname: row.nickname,
    typeId: row.type_id,
    typeName: row.type_name,
    remark: row.remark,
    createdAt: row.created_at.toISOString(),
  };
}

export interface CustomerTypeRecord {
  id: number;
  company_id: number;
  name: string;
  remark: string | null;
  customer_count: number | null;
  created_at: Date;
}

export function presentCustomerType(row: CustomerTypeRecord): CustomerType {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    remark: row.remark,
    customerCount: Number(row.customer_count ?? 0),
    createdAt: row.created_at.toISOString(),
  };
}

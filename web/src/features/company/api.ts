import {
  createCompanyUser,
  createManagedCompany,
  deleteCompanyUser,
  getCompany,
  getProfile,
  listCompanyChoices,
  listCompanyUsers,
  listManagedCompanies,
  setCompanyUserEnabled,
  setCompanyUserReadOnly,
  setManagedCompanyEnabled,
  setSecondFactorPolicy,
  updateCompany,
  updateCompanyUser,
  updateManagedCompany,
  uploadCompanyIcon,
  uploadCompanyLogo,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** The shell shows the company's logo and name from the profile, so it reloads too. */
const COMPANY_QUERIES = [getCompany, getProfile];
const MEMBER_QUERIES = [listCompanyUsers, getProfile];

export function useCompany() {
  return useApiQuery(getCompany);
}

export function useUpdateCompany() {
  return useApiMutation(updateCompany, { invalidates: COMPANY_QUERIES });
}

export function useSetSecondFactorPolicy() {
  return useApiMutation(setSecondFactorPolicy, { invalidates: COMPANY_QUERIES });
}

export function useUploadCompanyLogo() {
  return useApiMutation(uploadCompanyLogo, { invalidates: COMPANY_QUERIES });
}

export function useUploadCompanyIcon() {
  return useApiMutation(uploadCompanyIcon, { invalidates: COMPANY_QUERIES });
}

export function useCompanyMembers(query: EndpointQueryInput<typeof listCompanyUsers>) {
  return useApiQuery(listCompanyUsers, { query });
}

export function useCreateMember() {
  return useApiMutation(createCompanyUser, { invalidates: MEMBER_QUERIES });
}

export function useUpdateMember() {
  return useApiMutation(updateCompanyUser, { invalidates: MEMBER_QUERIES });
}

export function useDeleteMember() {
  return useApiMutation(deleteCompanyUser, { invalidates: MEMBER_QUERIES });
}

export function useSetMemberEnabled() {
  return useApiMutation(setCompanyUserEnabled, { invalidates: MEMBER_QUERIES });
}

export function useSetMemberReadOnly() {
  return useApiMutation(setCompanyUserReadOnly, { invalidates: MEMBER_QUERIES });
}

const MANAGED_QUERIES = [listManagedCompanies, listCompanyChoices];

export function useManagedCompanies(query: EndpointQueryInput<typeof listManagedCompanies>) {
  return useApiQuery(listManagedCompanies, { query });
}

export function useCreateManagedCompany() {
  return useApiMutation(createManagedCompany, { invalidates: MANAGED_QUERIES });
}

export function useUpdateManagedCompany() {
  return useApiMutation(updateManagedCompany, { invalidates: MANAGED_QUERIES });
}

export function useSetManagedCompanyEnabled() {
  return useApiMutation(setManagedCompanyEnabled, { invalidates: MANAGED_QUERIES });
}

import {
  FAMILY_ENDPOINTS,
  type FamilyEndpoints,
  type GenericFamilyId,
  SETTINGS_ENDPOINTS,
  type SettingsEndpoints,
} from '@solar/contract';
import type { ApiInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** Live values refresh this often on the detail page. */
export const DETAIL_POLL_MS = 10_000;

export function useFamilyList(family: GenericFamilyId, input: ApiInput<FamilyEndpoints['list']>) {
  return useApiQuery(FAMILY_ENDPOINTS[family].list, input);
}

/** Polled quietly: no loading flag, no toast when one poll fails (spec section 7). */
export function useFamilyDetail(family: GenericFamilyId, sn: string) {
  return useApiQuery(
    FAMILY_ENDPOINTS[family].detail,
    { params: { sn }, quiet: true },
    { refetchInterval: DETAIL_POLL_MS, refetchIntervalInBackground: false },
  );
}

export function useFamilyDay(family: GenericFamilyId, sn: string, date: string) {
  return useApiQuery(FAMILY_ENDPOINTS[family].day, { params: { sn }, query: { date } });
}

/** The settings endpoints of a family that has settings (the page renders the form only then). */
export function settingsEndpointsOf(family: GenericFamilyId): SettingsEndpoints {
  const endpoints = SETTINGS_ENDPOINTS[family];
  if (!endpoints) throw new Error(`Family ${family} has no settings`);
  return endpoints;
}

export function useFamilySettings(family: GenericFamilyId, sn: string) {
  return useApiQuery(settingsEndpointsOf(family).read, { params: { sn } });
}

export function useWriteFamilySettings(family: GenericFamilyId) {
  const endpoints = settingsEndpointsOf(family);
  return useApiMutation(endpoints.write, {
    invalidates: [endpoints.read, FAMILY_ENDPOINTS[family].detail],
  });
}

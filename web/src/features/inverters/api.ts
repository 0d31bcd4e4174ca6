import {
  chartParameterDay,
  chartParameters,
  deleteInverter,
  equipmentRealtime,
  inverterAlias,
  inverterCount,
  inverterDayCsv,
  inverterDayCurves,
  inverterDetail,
  listInverters,
  listPlants,
} from '@solar/contract';
import { apiDownload } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** Realtime values refresh this often on the detail page. */
export const REALTIME_POLL_MS = 10_000;

const INVERTER_QUERIES = [listInverters, inverterCount, inverterDetail];

export function useRenameInverter() {
  return useApiMutation(inverterAlias, { invalidates: INVERTER_QUERIES });
}

export function useDeleteInverter() {
  return useApiMutation(deleteInverter, { invalidates: INVERTER_QUERIES });
}

/** The plants of the plant filter, by name. */
export function usePlantOptions() {
  return useApiQuery(
    listPlants,
    { query: { page: 1, size: 200, sort: 'name', order: 'asc' } },
    { staleTime: 60_000 },
  );
}

export function useInverterDetail(sn: string) {
  return useApiQuery(inverterDetail, { params: { sn } });
}

/** Polled quietly: no loading flag, no toast when one poll fails (spec section 7). */
export function useRealtime(sn: string) {
  return useApiQuery(
    equipmentRealtime,
    { params: { sn }, quiet: true },
    { refetchInterval: REALTIME_POLL_MS, refetchIntervalInBackground: false },
  );
}

export function useDayCurves(sn: string, date: string) {
  return useApiQuery(inverterDayCurves, { params: { sn }, query: { date } });
}

export function useChartParameters(sn: string) {
  return useApiQuery(chartParameters, { query: { sn } }, { staleTime: 60_000 });
}

export function useCustomChart(sn: string, date: string, keys: readonly string[]) {
  return useApiQuery(
    chartParameterDay,
    { params: { sn }, query: { date, params: keys.join(',') } },
    { enabled: keys.length > 0 },
  );
}

export function downloadDayCsv(sn: string, date: string) {
  return apiDownload(inverterDayCsv, {
    params: { sn },
    query: { date },
    withLanguage: true,
    loading: true,
  });
}

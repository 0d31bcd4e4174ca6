import {
  type CommandRecord,
  type EndpointData,
  chartParameterDay,
  chartParameters,
  deleteInverter,
  equipmentRealtime,
  inverterAlias,
  inverterCount,
  inverterDcPeak,
  inverterDayCsv,
  inverterDayCurves,
  inverterDetail,
  listInverters,
  listPlants,
  saveChartSelection,
  savedChartSelection,
} from '@solar/contract';
import { apiDownload } from '../../shared/api/client';
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** Realtime values refresh this often on the detail page. */
export const REALTIME_POLL_MS = 10_000;

const INVERTER_QUERIES = [listInverters, inverterCount, inverterDetail];

export function useRenameInverter() {
  return useApiMutation(inverterAlias, { invalidates: INVERTER_QUERIES });
}

export function useSetInverterDcPeak() {
  return useApiMutation(inverterDcPeak, { invalidates: INVERTER_QUERIES });
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
  return useApiQuery(equipmentRealtime, realtimeInput(sn), {
    refetchInterval: REALTIME_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

function realtimeInput(sn: string) {
  return { params: { sn }, quiet: true };
}

/**
 * After a boot or shutdown, the realtime values show the switch state the inverter confirmed
 * in its reply at once, not with its next record (which the next poll brings).
 */
export function useConfirmedSwitch(sn: string) {
  const queryClient = useQueryClient();
  return (record: CommandRecord): void => {
    const confirmed = record.confirmedState;
    if (!confirmed) return;
    queryClient.setQueryData<EndpointData<typeof equipmentRealtime>>(
      apiQueryKey(equipmentRealtime, realtimeInput(sn)),
      (realtime) => realtime && { ...realtime, values: { ...realtime.values, switch: confirmed } },
    );
  };
}

export function useDayCurves(sn: string, date: string) {
  return useApiQuery(inverterDayCurves, { params: { sn }, query: { date } });
}

export function useChartParameters(sn: string) {
  return useApiQuery(chartParameters, { query: { sn } }, { staleTime: 60_000 });
}

/** The parameters the user chose last time for the custom chart, on any inverter. */
export function useSavedCustomSelection() {
  return useApiQuery(savedChartSelection, { query: { chart: 'custom' } });
}

/** Saves the choice the card already holds: nothing to read back. */
export function useSaveCustomSelection() {
  return useApiMutation(saveChartSelection);
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

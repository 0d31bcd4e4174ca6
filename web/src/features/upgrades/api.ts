import {
  batchUpgrade,
  batchUpgradeProgress,
  cutUpgrade,
  exportMaintenanceLog,
  listMaintenanceLog,
} from '@solar/contract';
import { apiDownload, type EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export type MaintenanceQuery = EndpointQueryInput<typeof listMaintenanceLog>;

export function useMaintenanceLog(query: MaintenanceQuery) {
  return useApiQuery(listMaintenanceLog, { query });
}

export function downloadMaintenanceCsv(query: Omit<MaintenanceQuery, 'page' | 'size'>) {
  return apiDownload(exportMaintenanceLog, { query, loading: true });
}

export function useBatchUpgrade() {
  return useApiMutation(batchUpgrade, { invalidates: [listMaintenanceLog] });
}

export function useCutUpgrade() {
  return useApiMutation(cutUpgrade, { invalidates: [listMaintenanceLog] });
}

/** A batch's progress, asked again every 2 seconds until every device has finished. */
export function useBatchProgress(batchId: string | null) {
  return useApiQuery(
    batchUpgradeProgress,
    { params: { batchId: batchId ?? '' } },
    {
      enabled: batchId !== null,
      refetchInterval: (query) => (query.state.data?.isFinished ? false : 2000),
    },
  );
}

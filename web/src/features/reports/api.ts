import {
  createReportConfig,
  deleteReportConfig,
  listDownloads,
  listReportConfigs,
  listReportDeliveries,
  runReport,
  runReportConfig,
  updateReportConfig,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export const REPORTS_PATH = '/workdata/report';
export const REPORT_INFO_PATH = '/workdata/reportinfo';

export function useReportConfigs() {
  return useApiQuery(listReportConfigs, { query: { page: 1, size: 50 } });
}

/** A configuration's mail runs, polled while the dialog is open so a retry shows up. */
export function useReportDeliveries(id: number) {
  return useApiQuery(listReportDeliveries, { params: { id } }, { refetchInterval: 10_000 });
}

export function useSaveReportConfig() {
  const create = useApiMutation(createReportConfig, { invalidates: [listReportConfigs] });
  const update = useApiMutation(updateReportConfig, { invalidates: [listReportConfigs] });
  return { create, update };
}

export function useDeleteReportConfig() {
  return useApiMutation(deleteReportConfig, { invalidates: [listReportConfigs] });
}

export function useReportConfigFile() {
  return useApiMutation(runReportConfig, { invalidates: [listDownloads] });
}

export function useRunReport() {
  return useApiMutation(runReport);
}

import {
  createReportConfig,
  deleteReportConfig,
  listDownloads,
  listReportConfigs,
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

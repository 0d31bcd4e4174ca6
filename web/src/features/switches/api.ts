import {
  createSwitchTask,
  deleteSwitchTask,
  equipmentRealtime,
  listCommunicationLog,
  listSwitchTasks,
  runLeakageTest,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** Realtime values and task results refresh this often. */
export const SWITCH_POLL_MS = 10_000;

export function useSwitchRealtime(sn: string) {
  return useApiQuery(
    equipmentRealtime,
    { params: { sn }, quiet: true },
    { refetchInterval: SWITCH_POLL_MS, refetchIntervalInBackground: false },
  );
}

export function useSwitchTasks(sn: string) {
  return useApiQuery(
    listSwitchTasks,
    { params: { sn }, query: { page: 1, size: 50 } },
    { refetchInterval: SWITCH_POLL_MS },
  );
}

export function useCreateSwitchTask() {
  return useApiMutation(createSwitchTask, { invalidates: [listSwitchTasks] });
}

export function useDeleteSwitchTask() {
  return useApiMutation(deleteSwitchTask, { invalidates: [listSwitchTasks] });
}

export function useLeakageTest() {
  return useApiMutation(runLeakageTest, { invalidates: [listCommunicationLog] });
}

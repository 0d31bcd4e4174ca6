import { listAlarmRules, plantLostEnergy, resetAlarmRule, saveAlarmRule } from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** The effective rules of the caller's company, or of one plant. */
export function useAlarmRules(plantId: number | undefined) {
  return useApiQuery(listAlarmRules, { query: plantId === undefined ? {} : { plantId } });
}

export function useSaveAlarmRule() {
  return useApiMutation(saveAlarmRule, { invalidates: [listAlarmRules] });
}

export function useResetAlarmRule() {
  return useApiMutation(resetAlarmRule, { invalidates: [listAlarmRules] });
}

export function usePlantLostEnergy(plantId: number) {
  return useApiQuery(plantLostEnergy, { params: { id: plantId } }, { staleTime: 60_000 });
}

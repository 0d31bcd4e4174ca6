import type { PERIOD_RANGES } from '@solar/contract';
import {
  bindPlantGateway,
  cancelPlantShare,
  dictRegions,
  plantEnergyByDay,
  plantEnergyByMonth,
  plantEnergyByYear,
  plantEvents,
  plantIncomeByDay,
  plantIncomeByMonth,
  plantIncomeByYear,
  plantLive,
  plantPowerCurve,
  toServerLanguage,
  createPlant,
  deletePlant,
  editPlant,
  type EndpointData,
  type Endpoint,
  type EndpointQuery,
  getPlant,
  listPlants,
  plantFilterOptions,
  plantShareUsers,
  plantsMap,
  sharePlant,
  transferPlant,
  uploadPlantPicture,
} from '@solar/contract';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef } from 'react';
import { apiCall } from '../../shared/api/client';
import {
  apiQueryKey,
  useApiMutation,
  useApiQuery,
  useInvalidateEndpoints,
} from '../../shared/api/hooks';
import { currentLocale } from '../../shared/i18n/locale';
import { usePageActivity } from '../../shared/ui/page-activity';
import { hourlyEnergy } from './charts/options';

const LIVE_REFRESH_MS = 15_000;

/** Overview figures follow the plant live while the page is shown, not while it is kept hidden. */
function useLiveRefresh(isWanted = true): { refetchInterval: number | false } {
  const { isActive } = usePageActivity();
  return { refetchInterval: isActive && isWanted ? LIVE_REFRESH_MS : false };
}

export type PlantListQuery = EndpointQuery<typeof listPlants>;
export type PlantListItem = EndpointData<typeof listPlants>['infos'][number];
export type PlantMapItem = EndpointData<typeof plantsMap>['infos'][number];

export function usePlantList(query: PlantListQuery) {
  return useApiQuery(listPlants, { query }, { placeholderData: keepPreviousData });
}

export function usePlantFilterOptions() {
  return useApiQuery(plantFilterOptions);
}

export function usePlantsMap() {
  return useApiQuery(plantsMap);
}

export function usePlant(id: number | undefined) {
  return useApiQuery(
    getPlant,
    { params: { id: id ?? 0 } },
    { enabled: id !== undefined, retry: false },
  );
}

export function usePlantShareUsers(id: number, isEnabled: boolean) {
  return useApiQuery(plantShareUsers, { params: { id } }, { enabled: isEnabled, retry: false });
}

const PLANT_LISTS = [listPlants, plantsMap, plantFilterOptions];
const PLANT_DETAILS = [getPlant, plantShareUsers];

/** After a delete or a transfer the plant may no longer be visible: only the lists reload. */
const PLANT_ALL = [...PLANT_LISTS, ...PLANT_DETAILS];

export function useCreatePlant() {
  return useApiMutation(createPlant, { invalidates: PLANT_ALL });
}

export function useEditPlant() {
  return useApiMutation(editPlant, { invalidates: PLANT_ALL });
}

export function useUploadPlantPicture() {
  return useApiMutation(uploadPlantPicture, { invalidates: PLANT_ALL });
}

export function useDeletePlant() {
  return useApiMutation(deletePlant, { invalidates: PLANT_LISTS });
}

export function useSharePlant() {
  return useApiMutation(sharePlant, { invalidates: PLANT_ALL });
}

export function useCancelPlantShare() {
  return useApiMutation(cancelPlantShare, { invalidates: PLANT_ALL });
}

export function useTransferPlant() {
  return useApiMutation(transferPlant, { invalidates: PLANT_LISTS });
}

/** A bound datalogger brings its devices (and their figures) into every overview card. */
export function useBindPlantGateway() {
  const queryClient = useQueryClient();
  return useApiMutation(bindPlantGateway, {
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

export type PlantLive = EndpointData<typeof plantLive>;
export type PlantRealtime = PlantLive['realtime'];
export type PlantDevicesData = PlantLive['devices'];
export type PlantEnergyFlow = PlantLive['energyFlow'];
export type PlantEventsQuery = EndpointQuery<typeof plantEvents>;

/** The live part of the overview: one conditional GET per poll (304 while nothing moved). */
export function usePlantLive(id: number) {
  return useApiQuery(plantLive, { params: { id } }, useLiveRefresh());
}

const CURVE_AND_BARS: readonly Endpoint[] = [
  plantPowerCurve,
  plantEnergyByDay,
  plantEnergyByMonth,
  plantEnergyByYear,
  plantIncomeByDay,
  plantIncomeByMonth,
  plantIncomeByYear,
];

/** Calls `onMove` when the mark changes after the first answer, never for the first one. */
function useOnMove(mark: string | null | undefined, onMove: () => void): void {
  const seen = useRef(mark);
  useEffect(() => {
    if (mark === undefined || seen.current === mark) return;
    const isFirst = seen.current === undefined;
    seen.current = mark;
    if (!isFirst) onMove();
  }, [mark, onMove]);
}

/**
 * The curve, the bars and the event list are not polled: they are asked for again when the live
 * answer's marks say a new five-minute bucket or an event change has arrived.
 */
export function useFollowLiveChanges(changes: PlantLive['changes'] | undefined): void {
  const invalidate = useInvalidateEndpoints();
  const onNewBucket = useCallback(() => invalidate(CURVE_AND_BARS), [invalidate]);
  const onEventChange = useCallback(() => invalidate([plantEvents]), [invalidate]);
  useOnMove(changes?.lastPowerBucket, onNewBucket);
  useOnMove(changes?.lastEventChange, onEventChange);
}

/** A past day's curve does not change; today's is asked for again on each new bucket. */
export function usePlantPowerCurve(id: number, date: string) {
  return useApiQuery(
    plantPowerCurve,
    { params: { id }, query: { date } },
    { placeholderData: keepPreviousData },
  );
}

export function usePlantEnergyByDay(id: number, month: string, isEnabled: boolean) {
  return useApiQuery(
    plantEnergyByDay,
    { params: { id }, query: { month } },
    { enabled: isEnabled },
  );
}

export function usePlantEnergyByMonth(id: number, year: string, isEnabled: boolean) {
  return useApiQuery(
    plantEnergyByMonth,
    { params: { id }, query: { year } },
    { enabled: isEnabled },
  );
}

export function usePlantEnergyByYear(id: number, isEnabled: boolean) {
  return useApiQuery(plantEnergyByYear, { params: { id } }, { enabled: isEnabled });
}

export function usePlantIncomeByDay(id: number, month: string, isEnabled: boolean) {
  return useApiQuery(
    plantIncomeByDay,
    { params: { id }, query: { month } },
    { enabled: isEnabled },
  );
}

export function usePlantIncomeByMonth(id: number, year: string, isEnabled: boolean) {
  return useApiQuery(
    plantIncomeByMonth,
    { params: { id }, query: { year } },
    { enabled: isEnabled },
  );
}

export function usePlantIncomeByYear(id: number, isEnabled: boolean) {
  return useApiQuery(plantIncomeByYear, { params: { id } }, { enabled: isEnabled });
}

export function usePlantEvents(id: number, query: Omit<PlantEventsQuery, 'lan'>) {
  return useApiQuery(
    plantEvents,
    { params: { id }, query: { ...query, lan: toServerLanguage(currentLocale()) } },
    { placeholderData: keepPreviousData },
  );
}

/** Reference lists change rarely: fetched once per session. */
const reference = { staleTime: Infinity } as const;

export type RegionOption = EndpointData<typeof dictRegions>[number];

export function useCountries() {
  return useApiQuery(dictRegions, { query: {} }, reference);
}

/** The second cascader level, fetched for every country the user has opened. */
export function useRegionsOf(countries: readonly string[]): Map<string, RegionOption[]> {
  const results = useQueries({
    queries: countries.map((parent) => {
      const input = { query: { parent } };
      return {
        queryKey: apiQueryKey(dictRegions, input),
        queryFn: () => apiCall(dictRegions, input),
        ...reference,
      };
    }),
  });
  const regions = new Map<string, RegionOption[]>();
  countries.forEach((country, index) => {
    const data = results[index]?.data;
    if (data) regions.set(country, data);
  });
  return regions;
}

export type PeriodRange = (typeof PERIOD_RANGES)[number];

interface PeriodPoint {
  period: string;
  value: number;
}

interface PeriodSeries {
  points: PeriodPoint[];
  isFetching: boolean;
  /** Of the every-year series: the generation before monitoring (the plant's offset). */
  beforeMonitoring?: number | undefined;
}

/** Energy bars: hours of a day, days of a month, months of a year, or every year. */
export function usePlantEnergyBars(id: number, range: PeriodRange, date: Dayjs): PeriodSeries {
  const day = usePlantPowerCurve(id, date.format('YYYY-MM-DD'));
  const byDay = usePlantEnergyByDay(id, date.format('YYYY-MM'), range === 'month');
  const byMonth = usePlantEnergyByMonth(id, date.format('YYYY'), range === 'year');
  const byYear = usePlantEnergyByYear(id, range === 'total');
  const energyPoints = (points: readonly { period: string; energyKwh: number }[] | undefined) =>
    (points ?? []).map((point) => ({ period: point.period, value: point.energyKwh }));
  switch (range) {
    case 'day':
      return { points: hourlyEnergy(day.data?.points ?? []), isFetching: day.isFetching };
    case 'month':
      return { points: energyPoints(byDay.data?.points), isFetching: byDay.isFetching };
    case 'year':
      return { points: energyPoints(byMonth.data?.points), isFetching: byMonth.isFetching };
    case 'total':
      return {
        points: energyPoints(byYear.data?.points),
        isFetching: byYear.isFetching,
        beforeMonitoring: byYear.data?.beforeMonitoringKwh,
      };
  }
}

export type IncomeRange = Exclude<PeriodRange, 'day'>;

/** Income bars in the plant currency: days of a month, months of a year, or every year. */
export function usePlantIncomeBars(
  id: number,
  range: IncomeRange,
  date: Dayjs,
): PeriodSeries & { currency: string | undefined } {
  const byDay = usePlantIncomeByDay(id, date.format('YYYY-MM'), range === 'month');
  const byMonth = usePlantIncomeByMonth(id, date.format('YYYY'), range === 'year');
  const byYear = usePlantIncomeByYear(id, range === 'total');
  const query = range === 'month' ? byDay : range === 'year' ? byMonth : byYear;
  return {
    currency: query.data?.currency,
    points: (query.data?.points ?? []).map((point) => ({
      period: point.period,
      value: point.income,
    })),
    isFetching: query.isFetching,
    beforeMonitoring: range === 'total' ? byYear.data?.beforeMonitoring.income : undefined,
  };
}

import type { PERIOD_RANGES } from '@solar/contract';
import {
  bindPlantGateway,
  cancelPlantShare,
  dictCurrencies,
  dictPlantTypes,
  dictRegions,
  dictTimeZones,
  plantEnergyByDay,
  plantEnergyByMonth,
  plantEnergyByYear,
  plantEnergyFlow,
  plantEnvironmental,
  plantEventCount,
  plantGenerationUse,
  plantEvents,
  plantIncomeByDay,
  plantIncomeByMonth,
  plantIncomeByYear,
  plantIncomeTotal,
  plantInverterCount,
  plantPowerCurve,
  plantRealtime,
  toServerLanguage,
  createPlant,
  deletePlant,
  editPlant,
  type EndpointData,
  type EndpointQuery,
  getPlant,
  listPlants,
  plantDevices,
  plantFilterOptions,
  plantShareUsers,
  plantsMap,
  sharePlant,
  transferPlant,
  uploadPlantPicture,
} from '@solar/contract';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { apiCall } from '../../shared/api/client';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../shared/api/hooks';
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
export type PlantDevicesData = EndpointData<typeof plantDevices>;

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

export function usePlantDevices(id: number) {
  return useApiQuery(plantDevices, { params: { id } }, useLiveRefresh());
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

export type PlantRealtime = EndpointData<typeof plantRealtime>;
export type PlantEventsQuery = EndpointQuery<typeof plantEvents>;
export type PlantEnergyFlow = EndpointData<typeof plantEnergyFlow>;

export function usePlantRealtime(id: number) {
  return useApiQuery(plantRealtime, { params: { id } }, useLiveRefresh());
}

/** Today's curve keeps growing, so it refreshes; past days do not change. */
export function usePlantPowerCurve(id: number, date: string, isToday: boolean) {
  return useApiQuery(
    plantPowerCurve,
    { params: { id }, query: { date } },
    { ...useLiveRefresh(isToday), placeholderData: keepPreviousData },
  );
}

export function usePlantEnergyByDay(id: number, month: string, isEnabled: boolean) {
  return useApiQuery(
    plantEnergyByDay,
    { params: { id }, query: { month } },
    { ...useLiveRefresh(), enabled: isEnabled },
  );
}

export function usePlantEnergyByMonth(id: number, year: string, isEnabled: boolean) {
  return useApiQuery(
    plantEnergyByMonth,
    { params: { id }, query: { year } },
    { ...useLiveRefresh(), enabled: isEnabled },
  );
}

export function usePlantEnergyByYear(id: number, isEnabled: boolean) {
  return useApiQuery(
    plantEnergyByYear,
    { params: { id } },
    { ...useLiveRefresh(), enabled: isEnabled },
  );
}

export function usePlantIncomeByDay(id: number, month: string, isEnabled: boolean) {
  return useApiQuery(
    plantIncomeByDay,
    { params: { id }, query: { month } },
    { ...useLiveRefresh(), enabled: isEnabled },
  );
}

export function usePlantIncomeByMonth(id: number, year: string, isEnabled: boolean) {
  return useApiQuery(
    plantIncomeByMonth,
    { params: { id }, query: { year } },
    { ...useLiveRefresh(), enabled: isEnabled },
  );
}

export function usePlantIncomeByYear(id: number, isEnabled: boolean) {
  return useApiQuery(
    plantIncomeByYear,
    { params: { id } },
    { ...useLiveRefresh(), enabled: isEnabled },
  );
}

export function usePlantIncomeTotal(id: number) {
  return useApiQuery(plantIncomeTotal, { params: { id } }, useLiveRefresh());
}

export function usePlantEnvironmental(id: number) {
  return useApiQuery(plantEnvironmental, { params: { id } }, useLiveRefresh());
}

export function usePlantInverterCount(id: number) {
  return useApiQuery(plantInverterCount, { params: { id } }, useLiveRefresh());
}

export function usePlantEventCount(id: number) {
  return useApiQuery(plantEventCount, { params: { id } }, useLiveRefresh());
}

export function usePlantEvents(id: number, query: Omit<PlantEventsQuery, 'lan'>) {
  return useApiQuery(
    plantEvents,
    { params: { id }, query: { ...query, lan: toServerLanguage(currentLocale()) } },
    { ...useLiveRefresh(), placeholderData: keepPreviousData },
  );
}

/** How today's generation was used: self-consumed or exported, with the grid import. */
export function usePlantGenerationToday(id: number) {
  return useApiQuery(
    plantGenerationUse,
    { params: { id }, query: { range: 'day' } },
    useLiveRefresh(),
  );
}

export function usePlantEnergyFlow(id: number) {
  return useApiQuery(plantEnergyFlow, { params: { id } }, useLiveRefresh());
}

/** Reference lists change rarely: fetched once per session. */
const reference = { staleTime: Infinity } as const;

export function useCurrencies() {
  return useApiQuery(
    dictCurrencies,
    { query: { lan: toServerLanguage(currentLocale()) } },
    reference,
  );
}

export function useTimeZones() {
  return useApiQuery(dictTimeZones, undefined, reference);
}

export function usePlantTypes() {
  return useApiQuery(dictPlantTypes, undefined, reference);
}

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
}

/** Energy bars: hours of a day, days of a month, months of a year, or every year. */
export function usePlantEnergyBars(
  id: number,
  range: PeriodRange,
  date: Dayjs,
  isToday: boolean,
): PeriodSeries {
  const day = usePlantPowerCurve(id, date.format('YYYY-MM-DD'), isToday && range === 'day');
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
      return { points: energyPoints(byYear.data?.points), isFetching: byYear.isFetching };
  }
}

export type IncomeRange = Exclude<PeriodRange, 'day'>;

/** Income bars in the plant currency: days of a month, months of a year, or every year. */
export function usePlantIncomeBars(id: number, range: IncomeRange, date: Dayjs) {
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
  };
}

import type { GenericFamilyId } from '@solar/contract';
import type { ComponentType } from 'react';
import { EpmPanel } from '../epm/pages/EpmListPage';
import { SwitchPanel } from '../switches/components/SwitchPanel';
import { WeatherPerformanceCard } from './components/WeatherPerformanceCard';

/**
 * What a family's detail page shows below its values and day curves, beyond the descriptor:
 * a weather station's performance ratio, a switch's controls and timed tasks, an EPM's export
 * limit. Each panel takes the device's SN and checks its own permissions.
 */
export const FAMILY_PANELS: Partial<Record<GenericFamilyId, ComponentType<{ sn: string }>>> = {
  weather: WeatherPerformanceCard,
  switch: SwitchPanel,
  epm: EpmPanel,
};

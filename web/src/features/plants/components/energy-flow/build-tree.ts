import type { PlantDevicesData } from '../../api';
import type { EnergyFlowNodeData } from './types';

type Datalogger = PlantDevicesData['dataloggers'][number];
type Device = Datalogger['devices'][number];

const WATTS_PER_KW = 1000;

/** PV inputs as the device reports them: `pv1_w`, or `pv1_v` and `pv1_i`. */
function pvInputs(inverter: Device): EnergyFlowNodeData[] {
  const indexes = new Set<number>();
  for (const key of Object.keys(inverter.values)) {
    const match = /^pv(\d+)_[wvi]$/.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const watts =
        inverter.values[`pv${index}_w`] ??
        (inverter.values[`pv${index}_v`] ?? 0) * (inverter.values[`pv${index}_i`] ?? 0);
      return {
        id: `${inverter.sn}-pv${index}`,
        type: 'pv' as const,
        sourceLabel: `PV${index}`,
        powerKw: watts / WATTS_PER_KW,
        children: [],
      };
    });
}

function inverterNode(inverter: Device): EnergyFlowNodeData {
  return {
    id: inverter.sn,
    type: 'inverter',
    sourceLabel: inverter.alias ? `${inverter.alias} (${inverter.sn})` : inverter.sn,
    powerKw: (inverter.values.pac_w ?? 0) / WATTS_PER_KW,
    children: pvInputs(inverter),
  };
}

/** The inverters chained behind one datalogger form a tandem. */
function tandemNode(datalogger: Datalogger): EnergyFlowNodeData {
  const inverters = datalogger.devices
    .filter((device) => device.kind === 'inverter')
    .map(inverterNode);
  return {
    id: `datalogger-${datalogger.id}`,
    type: 'tandem',
    sourceLabel: datalogger.alias ? `${datalogger.alias} (${datalogger.sn})` : datalogger.sn,
    powerKw: inverters.reduce((sum, inverter) => sum + inverter.powerKw, 0),
    children: inverters,
  };
}

/** Plant → datalogger tandems → inverters → PV inputs; the root carries the plant's power. */
export function buildEnergyFlowTree(
  plantName: string,
  plantPowerW: number,
  devices: PlantDevicesData,
): EnergyFlowNodeData {
  return {
    id: 'plant',
    type: 'root',
    sourceLabel: plantName,
    powerKw: plantPowerW / WATTS_PER_KW,
    children: devices.dataloggers.map(tandemNode),
  };
}

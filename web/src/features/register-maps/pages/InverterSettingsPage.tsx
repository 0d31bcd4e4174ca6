import type { ReactNode } from 'react';
import { useReadInverterSettings, useWriteInverterSettings } from '../../commands/api';
import DeviceSettingPage from './DeviceSettingPage';

/**
 * `/device/setting?sn=…`: the settings form of the inverter's register map, read from and
 * written to the device through the command channel (the answer is the device's read-back).
 */
export default function InverterSettingsPage(): ReactNode {
  const write = useWriteInverterSettings();
  const read = useReadInverterSettings();
  return (
    <DeviceSettingPage
      onWrite={async (sn, values) =>
        (await write.mutateAsync({ params: { sn }, body: { values } })).values
      }
      onReadCurrent={async (sn) => (await read.mutateAsync({ params: { sn } })).values}
    />
  );
}

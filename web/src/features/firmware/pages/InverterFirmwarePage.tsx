import type { ReactNode } from 'react';
import { FirmwareLibrary } from './FirmwareLibraryPage';

/** `/firmware/inv`: inverter firmware, beside datalogger and other devices' firmware. */
export default function InverterFirmwarePage(): ReactNode {
  return <FirmwareLibrary kindIds={['inverter', 'datalogger', 'common']} />;
}

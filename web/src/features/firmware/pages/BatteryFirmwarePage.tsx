import type { ReactNode } from 'react';
import { FirmwareLibrary } from './FirmwareLibraryPage';

/** `/firmware/batt`: battery firmware. */
export default function BatteryFirmwarePage(): ReactNode {
  return <FirmwareLibrary kindIds={['battery']} />;
}

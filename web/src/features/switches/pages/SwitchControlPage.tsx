import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { SwitchPanel } from '../components/SwitchPanel';

/** `/device/switch/:sn/control`: one switch's controls and timed tasks. */
export default function SwitchControlPage(): ReactNode {
  const { sn = '' } = useParams();
  return <SwitchPanel sn={sn} />;
}

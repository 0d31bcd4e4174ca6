import type { ReactNode } from 'react';
import { ComingSoon } from '../../../shared/ui/ComingSoon';
import { PublicLayout } from '../components/PublicLayout';

/** /inv-realtime and /epm-realtime: public realtime views, not built yet. */
export default function RealtimeComingSoonPage(): ReactNode {
  return (
    <PublicLayout>
      <ComingSoon />
    </PublicLayout>
  );
}

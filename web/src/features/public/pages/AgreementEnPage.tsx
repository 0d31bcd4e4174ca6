import type { ReactNode } from 'react';
import { AgreementText } from '../components/AgreementText';
import { PublicLayout } from '../components/PublicLayout';

export default function AgreementEnPage(): ReactNode {
  return (
    <PublicLayout>
      <AgreementText locale="en" />
    </PublicLayout>
  );
}

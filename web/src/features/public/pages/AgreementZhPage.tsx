import type { ReactNode } from 'react';
import { AgreementText } from '../components/AgreementText';
import { PublicLayout } from '../components/PublicLayout';

export default function AgreementZhPage(): ReactNode {
  return (
    <PublicLayout>
      <AgreementText language="zh" />
    </PublicLayout>
  );
}

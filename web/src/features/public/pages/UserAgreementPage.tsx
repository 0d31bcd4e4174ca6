import type { ReactNode } from 'react';
import { currentLocale } from '../../../shared/i18n/locale';
import { AgreementText } from '../components/AgreementText';
import { PublicLayout } from '../components/PublicLayout';

/** The agreement linked from sign-up, in Chinese for zh_CN and English otherwise. */
export default function UserAgreementPage(): ReactNode {
  return (
    <PublicLayout>
      <AgreementText language={currentLocale() === 'zh_CN' ? 'zh' : 'en'} />
    </PublicLayout>
  );
}

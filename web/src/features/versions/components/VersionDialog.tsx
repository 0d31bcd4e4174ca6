import { latestVersion, toServerLanguage, versionNotes } from '@solar/contract';
import { Button, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../../shared/api/hooks';
import { currentLocale } from '../../../shared/i18n/locale';
import { markVersionSeen, seenVersion } from '../seen-version';
import { ReleaseNotes } from './ReleaseNotes';

/** Release notes of a version the user has not acknowledged yet; "I know" remembers it. */
export function VersionDialog(): ReactNode {
  const { t } = useTranslation('common');
  const latest = useApiQuery(latestVersion, { quiet: true }, { staleTime: Infinity }).data?.version;
  const isUnseen = latest !== undefined && latest !== seenVersion();
  const notes = useApiQuery(
    versionNotes,
    { query: { lan: toServerLanguage(currentLocale()), version: latest }, quiet: true },
    { enabled: isUnseen, staleTime: Infinity },
  ).data;
  const [isClosed, setIsClosed] = useState(false);
  if (!isUnseen || !notes) return null;
  const acknowledge = (): void => {
    markVersionSeen(notes.version);
    setIsClosed(true);
  };
  return (
    <Modal
      open={!isClosed}
      width={800}
      title={t('versionDialog.title', { version: notes.version })}
      onCancel={() => setIsClosed(true)}
      footer={[
        <Link key="history" to="/logging" onClick={() => setIsClosed(true)}>
          {t('versionDialog.history')}
        </Link>,
        <Button key="ok" type="primary" onClick={acknowledge} style={{ marginLeft: 16 }}>
          {t('versionDialog.iKnow')}
        </Button>,
      ]}
    >
      <ReleaseNotes content={notes.content} />
    </Modal>
  );
}

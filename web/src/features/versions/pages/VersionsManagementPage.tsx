import type { ManagedVersion } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textInCurrentLanguage } from '../../../shared/forms/language-text-fields';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { VersionFormModal } from '../components/VersionFormModal';
import { useDeleteVersion, useManagedVersions } from '../management-api';
import { readerMoment } from '../../../shared/format/formatters';

/** Portal versions and their release notes: publish, edit the notes, delete. */
export default function VersionsManagementPage(): ReactNode {
  const { t } = useTranslation(['versions', 'menu']);
  const list = useListState();
  const versions = useManagedVersions({ page: list.page, size: list.size });
  const remove = useDeleteVersion();

  return (
    <ListPage<ManagedVersion>
      title={t('menu:managementVersions')}
      list={list}
      rows={versions}
      rowKey={(version) => version.id}
      columns={[
        { key: 'version', title: t('version'), value: (version) => version.version },
        {
          key: 'released',
          title: t('released'),
          value: (version) => readerMoment(version.releasedAt),
        },
        {
          key: 'notes',
          title: t('notes'),
          value: (version) => (
            <span style={{ whiteSpace: 'pre-line' }}>{textInCurrentLanguage(version.notes)}</span>
          ),
        },
        {
          key: 'languages',
          title: t('languages'),
          value: (version) => Object.keys(version.notes).length,
        },
      ]}
      toolbar={[{ kind: 'create', label: t('publish'), permission: 'sys.version.edit' }]}
      rowActions={[
        { kind: 'edit', permission: 'sys.version.edit' },
        {
          kind: 'delete',
          permission: 'sys.version.edit',
          onConfirm: (version) => remove.mutateAsync({ params: { id: version.id } }),
        },
      ]}
      renderForm={(control, version) => <VersionFormModal {...control} version={version} />}
    />
  );
}

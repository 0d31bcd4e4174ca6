import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ExportFormat, Permission } from '@solar/contract';
import { App, Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permit } from '../../shared/permissions/Permit';
import { useAnnounceExport } from './announce-export';
import { exportBody, type ExportSelection, useStartExport } from './api';
import { watchExport } from './watch-export';

export const DOWNLOAD_RECORDS_PATH = '/downloads';

/** File format names, the same in every language. */
const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel (XLSX)', csv: 'CSV' };

/**
 * "Export" on a list: starts a background export of what the list's filters select as XLSX or
 * CSV, and tells the user when the file is ready, wherever they are by then. Shown under the
 * list's permission; `null` for a list every signed-in user reads (the system update log).
 */
export function ExportButton(props: {
  selection: ExportSelection;
  permission: Permission | null;
}): ReactNode {
  const { t } = useTranslation('exports');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const start = useStartExport();

  const announce = useAnnounceExport();

  const onExport = async (format: ExportFormat) => {
    const { id } = await start.mutateAsync({ body: exportBody(props.selection, format) });
    void message.info(t('started'));
    void watchExport(id, announce);
  };

  const button = (
    <Dropdown
      menu={{
        items: [
          { key: 'xlsx', icon: <FileExcelOutlined />, label: FORMAT_LABELS.xlsx },
          { key: 'csv', icon: <FileTextOutlined />, label: FORMAT_LABELS.csv },
          { type: 'divider' },
          { key: 'records', label: t('records') },
        ],
        onClick: ({ key }) => {
          if (key === 'records') void navigate(DOWNLOAD_RECORDS_PATH);
          else void onExport(key === 'csv' ? 'csv' : 'xlsx');
        },
      }}
    >
      <Button icon={<DownloadOutlined />} loading={start.isPending}>
        {t('button')}
      </Button>
    </Dropdown>
  );
  return props.permission === null ? (
    button
  ) : (
    <Permit permission={props.permission}>{button}</Permit>
  );
}

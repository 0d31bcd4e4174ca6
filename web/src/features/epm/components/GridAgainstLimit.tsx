import { Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { powerFromWatts } from '../../../shared/format/formatters';

/** Export (negative grid power) as a share of the limit; import shows as such. */
export function GridAgainstLimit(props: { pGridW: number | null; exportLimitW: number | null }) {
  const { t } = useTranslation('epm');
  const { pGridW, exportLimitW } = props;
  if (pGridW === null) return <>-</>;
  if (pGridW >= 0) return <>{t('grid.importing', { power: powerFromWatts(pGridW) })}</>;
  const exportW = -pGridW;
  const percent = exportLimitW ? Math.min(100, Math.round((exportW / exportLimitW) * 100)) : 0;
  return (
    <div style={{ minWidth: 200 }}>
      <Typography.Text>
        {t('grid.exporting', {
          power: powerFromWatts(exportW),
          limit: exportLimitW === null ? '-' : powerFromWatts(exportLimitW),
        })}
      </Typography.Text>
      <Progress percent={percent} size="small" status={percent >= 100 ? 'exception' : 'normal'} />
    </div>
  ) as ReactNode;
}

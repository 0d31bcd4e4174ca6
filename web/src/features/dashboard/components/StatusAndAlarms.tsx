import { PLANT_STATUSES } from '@solar/contract';
import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { statusLabelKey, statusTagColour } from '../../../shared/plant-status/status';
import { EVENT_LEVEL_COLOURS } from '../../events/levels';
import type { Portfolio } from '../api';

const LEVELS = ['F', 'W', 'P'] as const;

/** Plants by status (each count opens the list filtered by it) and open alarms by level. */
export function StatusAndAlarms({ data }: { data: Portfolio }) {
  const { t } = useTranslation('plants');
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dashboard.byStatus')} style={{ height: '100%' }}>
          <Space wrap>
            {PLANT_STATUSES.filter((status) => data.statusCounts[status] > 0).map((status) => (
              <Link key={status} to={`/plants?status=${status}`} data-testid={`status-${status}`}>
                <Tag color={statusTagColour(status)} style={{ fontSize: 14, padding: '2px 10px' }}>
                  {t(statusLabelKey(status))}: {data.statusCounts[status]}
                </Tag>
              </Link>
            ))}
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dashboard.openAlarms')} style={{ height: '100%' }}>
          <Space wrap>
            {LEVELS.map((level) => (
              <Tag key={level} color={EVENT_LEVEL_COLOURS[level]} data-testid={`alarms-${level}`}>
                <Typography.Text strong>{t(`dashboard.level.${level}`)}</Typography.Text>:{' '}
                {data.openAlarms[level]}
              </Tag>
            ))}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}

import { CloudOutlined, FireOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { formatCompact, type UnitLadder } from '@solar/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantLive } from '../../api';
import { formatters } from '../../../../shared/format/formatters';

const MASS_UNITS: UnitLadder = ['kg', 't', 'kt'];
const COUNT_UNITS: UnitLadder = ['', 'k', 'M'];

export function EnvironmentCard({ data }: { data: PlantLive['environmental'] }) {
  const { t } = useTranslation('plants');
  const { locale } = formatters();
  const co2 = formatCompact(data.co2Kg, MASS_UNITS, locale);
  const coal = formatCompact(data.standardCoalKg, MASS_UNITS, locale);
  const trees = formatCompact(data.trees, COUNT_UNITS, locale);

  return (
    <Card title={t('overview.environment')}>
      <Row gutter={12}>
        <Col span={8}>
          <Statistic
            title={t('environment.co2')}
            prefix={<CloudOutlined />}
            value={co2.value}
            suffix={co2.unit}
          />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('environment.coal')}
            prefix={<FireOutlined />}
            value={coal.value}
            suffix={coal.unit}
          />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('environment.trees')}
            prefix={<NodeIndexOutlined />}
            value={trees.value}
            suffix={trees.unit}
          />
        </Col>
      </Row>
    </Card>
  );
}

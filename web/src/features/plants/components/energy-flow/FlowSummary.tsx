import { ArrowRightOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantEnergyFlow } from '../../api';
import { powerFromWatts } from '../../format';

/** Where the power goes right now: PV, grid, battery and load with the directions of flow. */
export function FlowSummary({ flow }: { flow: PlantEnergyFlow }) {
  const { t } = useTranslation('plants');
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap>
        {flow.nodes
          .filter((node) => node.isPresent)
          .map((node) => (
            <Tag key={node.node}>
              {t(`flow.node.${node.node}`)}: {powerFromWatts(node.value)}
              <Typography.Text type="secondary">
                {' '}
                · {t(`flow.source.${node.source}`)}
              </Typography.Text>
            </Tag>
          ))}
        {flow.batterySocPct !== null && (
          <Tag color="green">SOC {flow.batterySocPct.toFixed(0)} %</Tag>
        )}
      </Space>
      {flow.flows.map((edge) => (
        <Typography.Text key={`${edge.from}-${edge.to}`}>
          {t(`flow.node.${edge.from}`)} <ArrowRightOutlined /> {t(`flow.node.${edge.to}`)}:{' '}
          {powerFromWatts(edge.powerW)}
        </Typography.Text>
      ))}
    </Space>
  );
}

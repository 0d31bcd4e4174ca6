import {
  ApartmentOutlined,
  DownOutlined,
  HomeOutlined,
  RightOutlined,
  SunOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { formatPower } from '@solar/contract';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyFlowNodeData, EnergyFlowNodeType } from './types';
import './energy-flow.css';

const ICONS: Record<EnergyFlowNodeType, ReactNode> = {
  root: <HomeOutlined />,
  inverter: <ThunderboltOutlined />,
  tandem: <ApartmentOutlined />,
  pv: <SunOutlined />,
};

export function EnergyFlowNode({ node }: { node: EnergyFlowNodeData }) {
  const { t } = useTranslation('plants');
  const [isCollapsed, setCollapsed] = useState(false);
  const power = formatPower(node.powerKw);
  const hasChildren = node.children.length > 0;

  return (
    <li
      className={`energy-flow-item energy-flow-${node.type}`}
      data-testid={`flow-node-${node.id}`}
    >
      <div className="energy-flow-card">
        <span className="energy-flow-icon">{ICONS[node.type]}</span>
        <span className="energy-flow-type">{t(`flow.type.${node.type}`)}</span>
        <span className="energy-flow-value" data-testid="flow-value">
          {power.value}
        </span>
        <span className="energy-flow-unit" data-testid="flow-unit">
          {power.unit}
        </span>
        <span className="energy-flow-label" data-testid="flow-label">
          {node.sourceLabel}
        </span>
        {hasChildren && (
          <Button
            size="small"
            type="text"
            aria-expanded={!isCollapsed}
            aria-label={t(isCollapsed ? 'flow.expand' : 'flow.collapse')}
            icon={isCollapsed ? <RightOutlined /> : <DownOutlined />}
            onClick={() => setCollapsed((collapsed) => !collapsed)}
          />
        )}
      </div>
      {hasChildren && !isCollapsed && (
        <ul className="energy-flow-children">
          {node.children.map((child) => (
            <EnergyFlowNode key={child.id} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

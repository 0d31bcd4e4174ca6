import {
  HomeOutlined,
  SunOutlined,
  ThunderboltOutlined,
  ApiOutlined,
  DatabaseOutlined,
} from '@ant-design/icons';
import type { FlowNode } from '@solar/contract';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlantEnergyFlow } from '../../api';
import { formatters } from '../../../../shared/format/formatters';
import {
  dashSeconds,
  type FlowLine,
  flowLines,
  flowState,
  IDLE_W,
  labelLines,
  NODE_POSITIONS,
} from './flow-layout';
import './power-flow.css';

const ICONS: Record<FlowNode, ReactNode> = {
  pv: <SunOutlined />,
  inverter: <ThunderboltOutlined />,
  grid: <ApiOutlined />,
  load: <HomeOutlined />,
  battery: <DatabaseOutlined />,
};
const NODE_COLORS: Record<FlowNode, string> = {
  pv: '#f5a623',
  inverter: '#1677ff',
  grid: '#8c6dfd',
  load: '#13a8a8',
  battery: '#52c41a',
};
const RADIUS = 24;

function Line({ line }: { line: FlowLine }) {
  const outer = NODE_POSITIONS[line.node];
  const hub = NODE_POSITIONS.inverter;
  const [from, to] = line.isInbound ? [outer, hub] : [hub, outer];
  const isIdle = line.powerW < IDLE_W;
  const direction = line.isInbound ? 'in' : 'out';
  return (
    <path
      data-testid={`flow-line-${line.node}`}
      data-direction={isIdle ? 'idle' : direction}
      className={isIdle ? 'power-flow-line' : 'power-flow-line power-flow-line-active'}
      d={`M${from.x} ${from.y} L${to.x} ${to.y}`}
      stroke={NODE_COLORS[line.node]}
      strokeWidth={isIdle ? 1.5 : 2 + 4 * line.share}
      style={{ animationDuration: `${dashSeconds(line.share)}s` }}
    />
  );
}

interface NodeProps {
  node: FlowNode;
  label: string;
  value: string;
  detail?: string;
}

/** Distance between the lines of a node's texts, in drawing units. */
const LINE_HEIGHT = 15;

function Node({ node, label, value, detail }: NodeProps) {
  const { token } = theme.useToken();
  const { x, y } = NODE_POSITIONS[node];
  const isBelow = node !== 'pv';
  const lines = labelLines(label);
  const extraLines = (lines.length - 1) * LINE_HEIGHT;
  const textY = isBelow ? y + RADIUS + 14 : y - RADIUS - 22 - extraLines;
  const valueY = textY + LINE_HEIGHT + extraLines;
  return (
    <g data-testid={`flow-node-${node}`}>
      <circle
        cx={x}
        cy={y}
        r={RADIUS}
        fill={token.colorBgContainer}
        stroke={NODE_COLORS[node]}
        strokeWidth={2}
      />
      <foreignObject x={x - 12} y={y - 12} width={24} height={24}>
        <span className="power-flow-icon" style={{ color: NODE_COLORS[node] }}>
          {ICONS[node]}
        </span>
      </foreignObject>
      <text
        x={x}
        y={textY}
        textAnchor="middle"
        className="power-flow-label"
        fill={token.colorTextSecondary}
      >
        {lines.map((line, index) => (
          <tspan key={line} x={x} dy={index === 0 ? 0 : LINE_HEIGHT}>
            {/* The space between the lines keeps the words apart for screen readers. */}
            {index < lines.length - 1 ? `${line} ` : line}
          </tspan>
        ))}
      </text>
      <text
        x={x}
        y={valueY}
        textAnchor="middle"
        className="power-flow-value"
        fill={token.colorText}
      >
        {value}
        {detail && <tspan fill={token.colorTextSecondary}>{` · ${detail}`}</tspan>}
      </text>
    </g>
  );
}

/**
 * The plant's power right now as a picture: PV above, grid left, household load right and the
 * battery below the inverter; dashes run in the direction the power flows, faster and thicker
 * with more power. Scales with its card and never overflows it.
 */
export function PowerFlowDiagram({ flow }: { flow: PlantEnergyFlow }) {
  const { t } = useTranslation('plants');
  const format = formatters();
  const lines = flowLines(flow);
  const inverter = flow.nodes.find((node) => node.node === 'inverter');
  const directionText = (line: FlowLine) => t(`flow.state.${flowState(line)}`);
  const summary = lines.map((line) => `${directionText(line)}: ${format.powerW(line.powerW)}`);

  return (
    <figure className="power-flow" data-testid="power-flow">
      <svg viewBox="0 0 360 290" role="img" aria-label={summary.join('; ')}>
        {lines.map((line) => (
          <Line key={line.node} line={line} />
        ))}
        {inverter?.isPresent && (
          <Node
            node="inverter"
            label={t('flow.node.inverter')}
            value={format.powerW(inverter.value)}
          />
        )}
        {lines.map((line) => (
          <Node
            key={line.node}
            node={line.node}
            label={directionText(line)}
            value={format.powerW(line.powerW)}
            detail={
              line.node === 'battery' && flow.batterySocPct !== null
                ? format.percent(flow.batterySocPct / 100)
                : undefined
            }
          />
        ))}
      </svg>
      <figcaption className="power-flow-caption">{t('flow.signConvention')}</figcaption>
    </figure>
  );
}

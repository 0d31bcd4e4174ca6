import type { ReactNode } from 'react';
import { formatters } from '../../../shared/format/formatters';

const WIDTH = 480;
const HEIGHT = 160;
const HOURS = 24;
const LABELLED_HOURS = [0, 6, 12, 18, 23];

/** Today's hourly power of the whole display summed, as an area with its peak written out. */
export function PowerCurve(props: { hourlyW: readonly number[]; label: string }): ReactNode {
  const top = Math.max(...props.hourlyW, 1);
  const x = (hour: number) => (hour / (HOURS - 1)) * WIDTH;
  const y = (watts: number) => HEIGHT - (watts / top) * (HEIGHT - 8);
  const points = props.hourlyW.map((watts, hour) => `${x(hour)},${y(watts)}`).join(' ');
  return (
    <svg
      className="wall-screen__curve"
      viewBox={`0 -4 ${WIDTH} ${HEIGHT + 24}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={props.label}
    >
      <polygon points={`0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`} fill="#e85c0b44" />
      <polyline points={points} fill="none" stroke="#e85c0b" strokeWidth={2} />
      <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#5a5a60" />
      <text x={4} y={10} fill="#a6a6a6" fontSize={11}>
        {formatters().powerW(top === 1 ? 0 : top)}
      </text>
      {LABELLED_HOURS.map((hour) => (
        <text
          key={hour}
          x={x(hour)}
          y={HEIGHT + 16}
          fill="#a6a6a6"
          fontSize={11}
          textAnchor={hour === 0 ? 'start' : hour === HOURS - 1 ? 'end' : 'middle'}
        >
          {`${String(hour).padStart(2, '0')}:00`}
        </text>
      ))}
    </svg>
  );
}

/** The display's plants' hourly means added hour by hour. */
export function summedHours(plants: readonly { hourlyPowerW: readonly number[] }[]): number[] {
  return Array.from({ length: HOURS }, (_, hour) =>
    plants.reduce((total, plant) => total + (plant.hourlyPowerW[hour] ?? 0), 0),
  );
}

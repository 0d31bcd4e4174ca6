import { PLANT_STATUSES } from '@solar/contract';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LABELLED, mapPoints } from '../../dashboard/components/FleetMap';
import { rankByYield } from '../../dashboard/components/YieldRanking';
import { LazyPlantClusterMap } from '../../plants/components/map/LazyMaps';
import { FLEET_FIGURES, fleetFigureValues } from '../../dashboard/fleet-figures';
import { formatters, readerClock } from '../../../shared/format/formatters';
import { statusMarkerColour } from '../../../shared/plant-status/status';
import type { WallScreenData } from '../api';
import { PowerCurve, summedHours } from './PowerCurve';
import './wall-screen.css';

const CLOCK_TICK_MS = 1000;
const ALARM_LEVELS = [
  { level: 'F', colour: '#f5222d' },
  { level: 'W', colour: '#faad14' },
  { level: 'P', colour: '#722ed1' },
] as const;

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Figure(props: { id: string; label: string; value: string }): ReactNode {
  return (
    <div className="wall-screen__panel" data-testid={`wall-${props.id}`}>
      <div className="wall-screen__label">{props.label}</div>
      <div className="wall-screen__value">{props.value}</div>
    </div>
  );
}

/**
 * The plants as status-coloured markers, named while few enough, and no clicks (a kiosk has no
 * navigation). Without a network the tiles stay grey and the markers and names still show.
 */
function WallMap({ plants, label }: { plants: WallScreenData['plants']; label: string }) {
  const points = useMemo(() => mapPoints(plants), [plants]);
  if (points.length === 0) return null;
  return (
    <div className="wall-screen__panel" data-testid="wall-map">
      <div className="wall-screen__label">{label}</div>
      <LazyPlantClusterMap
        points={points}
        height="var(--wall-map-height)"
        isLabelled={points.length <= MAX_LABELLED}
        opensPlant={false}
      />
    </div>
  );
}

function figuresOf(data: WallScreenData, t: (key: string) => string) {
  const values = fleetFigureValues(data.totals);
  return FLEET_FIGURES.map((id) => ({ id, label: t(`figure.${id}`), value: values[id] }));
}

/**
 * The wall screen itself, for the signed-in page and the shared link alike: the display's
 * figures, today's power curve, a map of the plants, plants by status, open alarms and
 * the best plants by today's specific yield, with a clock and the time of the last reading.
 */
export function WallScreen(props: {
  data: WallScreenData;
  updatedAt: number;
  footer?: ReactNode;
}): ReactNode {
  const { t } = useTranslation('fullscreen');
  const now = useClock();
  const format = formatters();
  const { data } = props;
  const best = rankByYield(data.plants, 'todayYield').best;
  return (
    <div className="wall-screen" data-testid="wall-screen">
      <header className="wall-screen__header">
        <h1 className="wall-screen__title">{data.plantName ?? t('fleet')}</h1>
        <span className="wall-screen__muted">
          {t('plantCount', { count: data.totals.plantCount })}
        </span>
        <span className="wall-screen__clock">{readerClock(now.toISOString())}</span>
      </header>
      <section className="wall-screen__tiles">
        {figuresOf(data, t).map((figure) => (
          <Figure key={figure.id} {...figure} />
        ))}
      </section>
      <section className="wall-screen__body">
        <div className="wall-screen__side">
          <div className="wall-screen__panel">
            <div className="wall-screen__label">{t('powerCurve')}</div>
            <PowerCurve hourlyW={summedHours(data.plants)} label={t('powerCurve')} />
          </div>
          <WallMap plants={data.plants} label={t('map')} />
        </div>
        <div className="wall-screen__side">
          <div className="wall-screen__panel">
            <div className="wall-screen__label">{t('byStatus')}</div>
            <div className="wall-screen__counts">
              {PLANT_STATUSES.filter((status) => data.statusCounts[status] > 0).map((status) => (
                <span key={status} data-testid={`wall-status-${status}`}>
                  <span
                    className="wall-screen__dot"
                    style={{ background: statusMarkerColour(status) }}
                  />
                  {t(`status.${status}`)}: {data.statusCounts[status]}
                </span>
              ))}
            </div>
          </div>
          <div className="wall-screen__panel">
            <div className="wall-screen__label">{t('openAlarms')}</div>
            <div className="wall-screen__counts">
              {ALARM_LEVELS.map(({ level, colour }) => (
                <span key={level} data-testid={`wall-alarms-${level}`}>
                  <span className="wall-screen__dot" style={{ background: colour }} />
                  {t(`level.${level}`)}: {data.openAlarms[level]}
                </span>
              ))}
            </div>
          </div>
          <div className="wall-screen__panel">
            <div className="wall-screen__label">{t('topYield')}</div>
            <ol className="wall-screen__ranking">
              {best.map((plant) => (
                <li key={plant.id}>
                  <span style={{ overflowWrap: 'anywhere' }}>{plant.name}</span>
                  <span>{format.specificYield(plant.todayYield ?? 0)}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>
      <footer className="wall-screen__header wall-screen__muted">
        <span>{t('updated', { time: readerClock(new Date(props.updatedAt).toISOString()) })}</span>
        {props.footer}
      </footer>
    </div>
  );
}

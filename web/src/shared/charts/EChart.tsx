import { lazy, Suspense } from 'react';
import { useNearViewport } from '../ui/useNearViewport';
import { useChartsRevealed } from './chart-reveal';
import type { ChartOption } from './echarts';

// ECharts is the heaviest code of the pages that chart: it loads apart from them, after first paint.
const ChartCanvas = lazy(() =>
  import('./ChartCanvas').then((module) => ({ default: module.ChartCanvas })),
);

/**
 * A chart in the page's style type. It draws once it comes near the viewport, so a page's
 * key figures are not held up by charts further down; its box keeps the chart's height meanwhile.
 */
export function EChart({ option, height = 300 }: { option: ChartOption; height?: number }) {
  const [boxRef, isNear] = useNearViewport<HTMLDivElement>();
  const isRevealed = useChartsRevealed();
  return (
    <div ref={boxRef} style={{ width: '100%', height }} data-testid="chart">
      {(isNear || isRevealed) && (
        <Suspense fallback={null}>
          <ChartCanvas option={option} height={height} />
        </Suspense>
      )}
    </div>
  );
}

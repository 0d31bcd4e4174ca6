import { useEffect, useRef } from 'react';
import { useTheme } from '../theme/ThemeContext';
import { prefersReducedMotion } from '../ui/reduced-motion';
import { type ChartOption, echarts } from './echarts';

/** The option as drawn: without animation for a reader who asks for less motion. */
function drawn(option: ChartOption): ChartOption {
  return prefersReducedMotion() ? { ...option, animation: false } : option;
}

/** A drawn chart in the page's style type: axes, grid and tooltips follow the dark theme too. */
export function ChartCanvas({ option, height = 300 }: { option: ChartOption; height?: number }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const isDark = useTheme().styleType === 1;
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const chart = echarts.init(container, isDark ? 'dark' : undefined);
    chart.setOption(drawn(optionRef.current), { notMerge: true });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [isDark]);

  useEffect(() => {
    chartRef.current?.setOption(drawn(option), { notMerge: true });
  }, [option]);

  return <div ref={containerRef} style={{ width: '100%', height }} />;
}

import { CHART_SELECTION_RULES, selectionProblem } from '@solar/contract';
import { Alert, Card, Empty, Select } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/charts/EChart';
import {
  useChartParameters,
  useCustomChart,
  useSaveCustomSelection,
  useSavedCustomSelection,
} from '../api';
import { dayChartOption } from '../charts/day-options';
import { useParameterLabel } from '../parameter-label';

const RULE = CHART_SELECTION_RULES.custom;
const DEFAULT_SELECTION = ['pac_w'];

/**
 * Parameters of the user's choice over the day: at most 6, of at most 2 units (two y-axes).
 * Options that would break the rule are disabled; the server checks the same rule. A choice
 * that keeps the rule is kept for the user (`/chart/param/custom`) and opens the chart next time,
 * on any inverter.
 */
export function CustomChartCard({ sn, date }: { sn: string; date: string }): ReactNode {
  const { t } = useTranslation(['inverters', 'validation']);
  const parameters = useChartParameters(sn).data?.parameters ?? [];
  const saved = useSavedCustomSelection();
  const saveSelection = useSaveCustomSelection();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const savedParams = saved.data?.params ?? [];
  const selection = chosen ?? (savedParams.length > 0 ? savedParams : DEFAULT_SELECTION);
  const problem = selection.length === 0 ? null : selectionProblem(selection, RULE);
  // Until the saved choice is known, no chart is asked for, so the default is not fetched in vain.
  const isSelectionKnown = chosen !== null || !saved.isPending;
  const valid = problem === null && isSelectionKnown ? selection : [];
  const choose = (next: string[]) => {
    setChosen(next);
    if (next.length > 0 && selectionProblem(next, RULE) === null) {
      saveSelection.mutate({ body: { chart: 'custom', params: next } });
    }
  };
  const chart = useCustomChart(sn, date, valid);
  const labelOf = useParameterLabel();
  const unitOf = (unit: string) => (unit === '' ? '' : ` (${unit})`);
  const option = useMemo(
    () =>
      chart.data
        ? dayChartOption({
            series: chart.data.series,
            labelOf,
            timeZone: chart.data.timeZone,
            from: chart.data.from,
            to: chart.data.to,
          })
        : null,
    [chart.data, labelOf],
  );

  return (
    <Card title={t('custom.title')}>
      <Select
        mode="multiple"
        style={{ width: '100%', marginBottom: 12 }}
        aria-label={t('custom.parameters')}
        placeholder={t('custom.placeholder', { max: RULE.maxParameters, units: RULE.maxUnits })}
        value={selection}
        onChange={choose}
        optionFilterProp="label"
        options={parameters.map((parameter) => ({
          value: parameter.key,
          label: `${labelOf(parameter.key)}${unitOf(parameter.unit)}`,
          disabled:
            !selection.includes(parameter.key) &&
            selectionProblem([...selection, parameter.key], RULE) !== null,
        }))}
      />
      {problem && (
        <Alert
          type="warning"
          showIcon
          message={t(`validation:${problem.slice('validation.'.length)}`)}
        />
      )}
      {valid.length === 0 ? (
        <Empty description={t('custom.choose')} />
      ) : (
        option && <EChart option={option} height={320} />
      )}
    </Card>
  );
}

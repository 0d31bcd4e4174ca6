import type { EndpointData, ReportColumn, ReportGrouping, runReport } from '@solar/contract';
import { Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { amountsText, energyText, formatters } from '../../shared/format/formatters';

export type ReportData = EndpointData<typeof runReport>;
type Row = ReportData['rows'][number];

const dash = (value: number | null, format: (value: number) => string) =>
  value === null ? '-' : format(value);
const kgText = (kg: number) => `${formatters().decimal(kg, 1)} kg`;

/** How each figure is shown (section 9 formatters) and sorted. */
const FIGURES: Record<ReportColumn, (row: Row) => { text: string; value: number }> = {
  energyKwh: (row) => ({ text: energyText(row.energyKwh), value: row.energyKwh }),
  income: (row) => ({ text: formatters().money(row.income, row.currency), value: row.income }),
  peakPowerKw: (row) => ({
    text: dash(row.peakPowerKw, (kw) => formatters().powerKw(kw)),
    value: row.peakPowerKw ?? -1,
  }),
  performanceRatio: (row) => ({
    text: dash(row.performanceRatio, (ratio) => formatters().percent(ratio)),
    value: row.performanceRatio ?? -1,
  }),
  co2SavedKg: (row) => ({ text: kgText(row.co2SavedKg), value: row.co2SavedKg }),
  equivalentHours: (row) => ({
    text: dash(row.equivalentHours, (hours) => `${formatters().decimal(hours, 2)} h`),
    value: row.equivalentHours ?? -1,
  }),
  importKwh: (row) => ({ text: dash(row.importKwh, energyText), value: row.importKwh ?? -1 }),
  exportKwh: (row) => ({ text: dash(row.exportKwh, energyText), value: row.exportKwh ?? -1 }),
  selfConsumptionKwh: (row) => ({
    text: dash(row.selfConsumptionKwh, energyText),
    value: row.selfConsumptionKwh ?? -1,
  }),
};

/** The report's rows, sortable by every column, with the totals below; per device a device column. */
export function ReportTable(props: {
  data: ReportData;
  columns: ReportColumn[];
  grouping: ReportGrouping;
}): ReactNode {
  const { t } = useTranslation('reports');
  const { totals } = props.data;
  const figureColumns: ColumnType<Row>[] = props.columns.map((column) => ({
    key: column,
    title: t(`columns.${column}`),
    align: 'right',
    sorter: (a, b) => FIGURES[column](a).value - FIGURES[column](b).value,
    render: (_, row) => FIGURES[column](row).text,
  }));
  const totalText: Partial<Record<ReportColumn, string>> = {
    energyKwh: energyText(totals.energyKwh),
    income: amountsText(totals.incomes),
    importKwh: energyText(totals.importKwh),
    exportKwh: energyText(totals.exportKwh),
    peakPowerKw: dash(totals.peakPowerKw, (kw) => formatters().powerKw(kw)),
    co2SavedKg: kgText(totals.co2SavedKg),
  };
  const deviceColumns: ColumnType<Row>[] =
    props.grouping === 'device'
      ? [
          {
            key: 'device',
            title: t('columns.device'),
            sorter: (a, b) => (a.deviceName ?? '').localeCompare(b.deviceName ?? ''),
            render: (_, row) => row.deviceName,
          },
        ]
      : [];
  const leading = 2 + deviceColumns.length;
  return (
    <Table<Row>
      rowKey={(row) => `${row.plantId}:${row.deviceId ?? ''}:${row.period}`}
      dataSource={props.data.rows}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      size="small"
      columns={[
        {
          key: 'plant',
          title: t('columns.plant'),
          sorter: (a, b) => a.plantName.localeCompare(b.plantName),
          render: (_, row) => row.plantName,
        },
        ...deviceColumns,
        {
          key: 'period',
          title: t('columns.period'),
          sorter: (a, b) => a.period.localeCompare(b.period),
          render: (_, row) => row.period,
        },
        ...figureColumns,
      ]}
      summary={() => (
        <Table.Summary.Row data-testid="report-totals">
          <Table.Summary.Cell index={0} colSpan={leading}>
            <Typography.Text strong>{t('total')}</Typography.Text>
          </Table.Summary.Cell>
          {props.columns.map((column, index) => (
            <Table.Summary.Cell key={column} index={index + leading} align="right">
              <Typography.Text strong>{totalText[column] ?? ''}</Typography.Text>
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )}
    />
  );
}

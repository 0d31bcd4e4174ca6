import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import {
  CONFIG_PERIODS,
  type ConfigPeriod,
  periodRange,
  REPORT_COLUMNS,
  REPORT_GROUPINGS,
  type ReportGrouping,
  type ReportPeriod,
} from '@solar/contract';
import { App, Button, DatePicker, Empty, Form, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageCard } from '../../../shared/ui/PageCard';
import { useAnnounceExport } from '../../exports/announce-export';
import { exportBody, useStartExport } from '../../exports/api';
import { watchExport } from '../../exports/watch-export';
import { usePlantOptions } from '../../events/api';
import { EChart } from '../../../shared/charts/EChart';
import { barsOption } from '../../plants/charts/options';
import { chartText } from '../../../shared/charts/chart-text';
import { useReportConfigs, useRunReport } from '../api';
import { reportBars } from '../report-chart';
import { ReportTable } from '../ReportTable';

interface Selection {
  plantIds: number[];
  period: ConfigPeriod;
  grouping: ReportGrouping;
  date: Dayjs;
  range?: [Dayjs, Dayjs];
}

const PICKERS: Record<ReportPeriod, 'date' | 'month' | 'year'> = {
  day: 'date',
  month: 'month',
  year: 'year',
};

/** The first and last plant-local day of a selection. */
function rangeOf(selection: Selection): { from: string; to: string } {
  if (selection.period === 'custom' && selection.range) {
    const [from, to] = selection.range;
    return { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') };
  }
  const period = selection.period === 'custom' ? 'day' : selection.period;
  return periodRange(period, selection.date.format('YYYY-MM-DD'));
}

const DEFAULT_SELECTION: Selection = {
  plantIds: [],
  period: 'month',
  grouping: 'plant',
  date: dayjs().subtract(1, 'day'),
};

/**
 * A report page (`/workdata/reportinfo`, `?config=id` starts from a saved configuration): plants,
 * period and grouping; a chart, a sortable table with totals, and its XLSX or PDF file.
 */
export default function ReportInfoPage(): ReactNode {
  const { t } = useTranslation(['reports', 'exports']);
  const { message } = App.useApp();
  const announce = useAnnounceExport();
  const [searchParams] = useSearchParams();
  const configId = Number(searchParams.get('config'));
  const config = useReportConfigs().data?.infos.find((row) => row.id === configId);
  const plants = usePlantOptions();
  const [form] = Form.useForm<Selection>();
  const run = useRunReport();
  const start = useStartExport();
  const [ran, setRan] = useState<{ from: string; to: string; selection: Selection } | null>(null);

  useEffect(() => {
    if (config) {
      form.setFieldsValue({
        plantIds: config.plantIds,
        period: config.period,
        grouping: config.grouping,
        ...(config.from && config.to ? { range: [dayjs(config.from), dayjs(config.to)] } : {}),
      });
    }
  }, [config, form]);

  const period = Form.useWatch('period', form) ?? DEFAULT_SELECTION.period;
  const columns = config?.columns ?? [...REPORT_COLUMNS];

  const onRun = async (selection: Selection) => {
    const range = rangeOf(selection);
    const plantIds = selection.plantIds.length > 0 ? selection.plantIds : undefined;
    await run.mutateAsync({ body: { grouping: selection.grouping, plantIds, ...range } });
    setRan({ ...range, selection });
  };

  const exportFile = async (format: 'xlsx' | 'pdf') => {
    if (!ran) return;
    const { from, to, selection } = ran;
    const plantIds = selection.plantIds.length > 0 ? selection.plantIds : undefined;
    const selected = {
      kind: 'report' as const,
      from,
      to,
      grouping: selection.grouping,
      plantIds,
      columns,
    };
    const { id } = await start.mutateAsync({ body: exportBody(selected, format) });
    void message.info(t('exports:started'));
    void watchExport(id, announce);
  };

  const bars = useMemo(
    () => (run.data && ran ? reportBars(run.data, ran.selection.grouping) : []),
    [run.data, ran],
  );

  return (
    <PageCard
      title={config ? config.name : t('newReport')}
      extra={
        <Space>
          <Button
            icon={<FileExcelOutlined />}
            disabled={!ran}
            loading={start.isPending}
            onClick={() => void exportFile('xlsx')}
          >
            XLSX
          </Button>
          <Button
            icon={<FilePdfOutlined />}
            disabled={!ran}
            loading={start.isPending}
            onClick={() => void exportFile('pdf')}
          >
            PDF
          </Button>
        </Space>
      }
    >
      <Form<Selection>
        form={form}
        layout="inline"
        initialValues={DEFAULT_SELECTION}
        onFinish={(selection) => void onRun(selection)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="plantIds" label={t('config.plants')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('config.allPlants')}
            style={{ minWidth: 220 }}
            optionFilterProp="label"
            options={plants.data?.infos.map((plant) => ({ value: plant.id, label: plant.name }))}
          />
        </Form.Item>
        <Form.Item name="period" label={t('period.label')}>
          <Select
            style={{ width: 140 }}
            options={CONFIG_PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))}
          />
        </Form.Item>
        {period === 'custom' ? (
          <Form.Item name="range" label={t('date')} rules={[{ required: true }]}>
            <DatePicker.RangePicker allowClear={false} />
          </Form.Item>
        ) : (
          <Form.Item name="date" label={t('date')} rules={[{ required: true }]}>
            <DatePicker picker={PICKERS[period]} allowClear={false} />
          </Form.Item>
        )}
        <Form.Item name="grouping" label={t('grouping.label')}>
          <Select
            style={{ width: 150 }}
            options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`grouping.${value}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={run.isPending}>
            {t('run')}
          </Button>
        </Form.Item>
      </Form>
      {run.data && ran ? (
        <>
          <EChart
            option={barsOption(bars, t('columns.energyKwh'), 'kWh', chartText())}
            height={260}
          />
          <ReportTable data={run.data} columns={columns} grouping={ran.selection.grouping} />
        </>
      ) : (
        <Empty description={t('runHint')} />
      )}
    </PageCard>
  );
}

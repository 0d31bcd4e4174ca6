import { DatePicker, Segmented, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PeriodRange } from '../../api';

interface PeriodPickerProps {
  ranges: readonly PeriodRange[];
  range: PeriodRange;
  date: Dayjs;
  /** The plant-local today: later dates have no data. */
  today: Dayjs;
  onChange: (range: PeriodRange, date: Dayjs) => void;
}

const PICKERS = { day: 'date', month: 'month', year: 'year' } as const;

export function PeriodPicker({ ranges, range, date, today, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('plants');
  return (
    <Space wrap>
      <Segmented<PeriodRange>
        value={range}
        onChange={(next) => onChange(next, date)}
        options={ranges.map((value) => ({ value, label: t(`period.${value}`) }))}
      />
      {range !== 'total' && (
        <DatePicker
          allowClear={false}
          picker={PICKERS[range]}
          value={date}
          disabledDate={(candidate) => candidate.isAfter(today, 'day')}
          onChange={(next: Dayjs | null) => onChange(range, next ?? date)}
        />
      )}
    </Space>
  );
}

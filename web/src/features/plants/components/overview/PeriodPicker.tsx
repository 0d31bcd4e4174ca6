import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodRange } from '../../api';

/** The ranges offered, the range and date picked, and `pick` to change both. */
export interface PickedPeriod<Range extends PeriodRange> {
  ranges: readonly Range[];
  range: Range;
  date: Dayjs;
  /** The plant-local today: later dates have no data. */
  today: Dayjs;
  pick: (range: Range, date: Dayjs) => void;
}

/** A period of one of `ranges`, first `initialRange` around the plant-local today. */
export function usePickedPeriod<Range extends PeriodRange>(
  ranges: readonly Range[],
  initialRange: Range,
  localDate: string,
): PickedPeriod<Range> {
  const today = dayjs(localDate);
  const [range, setRange] = useState<Range>(initialRange);
  const [date, setDate] = useState<Dayjs>(today);
  const pick = (nextRange: Range, nextDate: Dayjs) => {
    setRange(nextRange);
    setDate(nextDate);
  };
  return { ranges, range, date, today, pick };
}

/** The date picker of each range; every year at once has none. */
const PICKERS: Record<PeriodRange, 'date' | 'month' | 'year' | null> = {
  day: 'date',
  month: 'month',
  year: 'year',
  total: null,
};

export function PeriodPicker<Range extends PeriodRange>({
  period,
}: {
  period: PickedPeriod<Range>;
}) {
  const { t } = useTranslation('plants');
  const { range, date, today, pick } = period;
  const picker = PICKERS[range];
  return (
    <Space wrap>
      <Segmented<Range>
        value={range}
        onChange={(next) => pick(next, date)}
        options={period.ranges.map((value) => ({ value, label: t(`period.${value}`) }))}
      />
      {picker && (
        <DatePicker
          allowClear={false}
          picker={picker}
          value={date}
          disabledDate={(candidate) => candidate.isAfter(today, 'day')}
          onChange={(next: Dayjs | null) => pick(range, next ?? date)}
        />
      )}
    </Space>
  );
}

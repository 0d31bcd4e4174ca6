import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FORMAT = 'YYYY-MM-DD';

/** Shifts a plant-local calendar date: pure date arithmetic, no time zone involved. */
export function shiftDate(date: string, days: number): string {
  return dayjs(date, FORMAT).add(days, 'day').format(FORMAT);
}

/**
 * The previous and next day and a calendar, in plant-local dates: `today` is the plant's
 * today (from the server), so the last selectable day is the plant's, not the browser's.
 */
export function DayNavigator(props: {
  date: string;
  today: string;
  onChange: (date: string) => void;
}): ReactNode {
  const { t } = useTranslation('inverters');
  const { date, today, onChange } = props;
  return (
    <Space>
      <Button
        aria-label={t('day.previous')}
        icon={<LeftOutlined />}
        onClick={() => onChange(shiftDate(date, -1))}
      />
      <DatePicker
        aria-label={t('day.pick')}
        allowClear={false}
        value={dayjs(date, FORMAT)}
        format={FORMAT}
        disabledDate={(day) => day.format(FORMAT) > today}
        onChange={(day) => day && onChange(day.format(FORMAT))}
      />
      <Button
        aria-label={t('day.next')}
        icon={<RightOutlined />}
        disabled={date >= today}
        onClick={() => onChange(shiftDate(date, 1))}
      />
    </Space>
  );
}

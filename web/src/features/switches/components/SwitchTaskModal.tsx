import { type SwitchTaskInput, WEEKDAYS } from '@solar/contract';
import { DatePicker, Form, Radio, Select, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateSwitchTask } from '../api';

interface TaskValues {
  kind: 'once' | 'repeat';
  action: 'on' | 'off';
  date?: Dayjs;
  weekdays?: number[];
  time: Dayjs;
}

function inputOf(values: TaskValues): SwitchTaskInput {
  const time = values.time.format('HH:mm');
  return values.kind === 'once'
    ? { kind: 'once', action: values.action, date: values.date?.format('YYYY-MM-DD') ?? '', time }
    : { kind: 'repeat', action: values.action, weekdays: values.weekdays ?? [], time };
}

/** A new timed task: once at a date and time, or repeating on weekdays, in the plant's time. */
export function SwitchTaskModal(props: FormModalControl & { sn: string }): ReactNode {
  const { sn, ...control } = props;
  const { t } = useTranslation(['switches', 'validation']);
  const create = useCreateSwitchTask();
  const required = [{ required: true, message: t('validation:required') }];
  return (
    <FormModal<TaskValues>
      {...control}
      title={t('tasks.add')}
      initialValues={{ kind: 'repeat', action: 'on', weekdays: [...WEEKDAYS] }}
      fieldErrors={{ field: 'date', messageByCode: { 4: t('tasks.inPast') } }}
      onSubmit={(values) =>
        create.mutateAsync({ params: { sn }, body: inputOf(values), loading: true })
      }
    >
      <Form.Item name="kind" label={t('tasks.kind')}>
        <Radio.Group
          options={[
            { value: 'repeat', label: t('tasks.repeat') },
            { value: 'once', label: t('tasks.once') },
          ]}
        />
      </Form.Item>
      <Form.Item name="action" label={t('tasks.action')}>
        <Radio.Group
          options={[
            { value: 'on', label: t('state.on') },
            { value: 'off', label: t('state.off') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.kind !== after.kind}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'once' ? (
            <Form.Item name="date" label={t('tasks.date')} rules={required}>
              <DatePicker />
            </Form.Item>
          ) : (
            <Form.Item name="weekdays" label={t('tasks.weekdays')} rules={required}>
              <Select
                mode="multiple"
                options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekdays.${day}`) }))}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="time" label={t('tasks.time')} rules={required}>
        <TimePicker format="HH:mm" />
      </Form.Item>
    </FormModal>
  );
}

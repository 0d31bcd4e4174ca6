import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { NoticeType, type Notice, type NoticeDraft } from '@solar/contract';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateNotice, useUpdateNotice } from '../api';

interface NoticeValues {
  type: 0 | 1;
  scope: string;
  period: [Dayjs, Dayjs];
  effectiveTime: Dayjs;
  zhDesc: string;
  enDesc: string;
  zhDuration: string;
  enDuration: string;
  suggests: { zhSuggest: string; enSuggest: string }[];
}

function toDraft(values: NoticeValues): NoticeDraft {
  const [start, end] = values.period;
  return {
    type: values.type,
    scope: values.scope,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    effectiveTime: values.effectiveTime.toISOString(),
    zhDesc: values.zhDesc,
    enDesc: values.enDesc,
    zhDuration: values.zhDuration ?? '',
    enDuration: values.enDuration ?? '',
    suggests: values.suggests ?? [],
  };
}

function initialValuesOf(notice: Notice | undefined): Partial<NoticeValues> {
  if (!notice) return { type: NoticeType.maintenance, scope: '0', suggests: [] };
  return {
    ...notice,
    period: [dayjs(notice.startTime), dayjs(notice.endTime)],
    effectiveTime: dayjs(notice.effectiveTime),
  };
}

/** Creates a notice (`notice` undefined) or edits one that is not invalid. */
export function NoticeFormModal(
  props: FormModalControl & { notice: Notice | undefined },
): ReactNode {
  const { notice, ...control } = props;
  const { t } = useTranslation(['notices', 'validation']);
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const required = [{ required: true, message: t('validation:required') }];

  const save = (values: NoticeValues) =>
    notice
      ? update.mutateAsync({ params: { id: notice.id }, body: toDraft(values), loading: true })
      : create.mutateAsync({ body: toDraft(values), loading: true });

  return (
    <FormModal<NoticeValues>
      {...control}
      width={700}
      title={notice ? t('edit') : t('add')}
      initialValues={initialValuesOf(notice)}
      onSubmit={save}
    >
      <Form.Item name="type" label={t('type')} rules={required}>
        <Select
          options={[
            { value: NoticeType.maintenance, label: t('typeMaintenance') },
            { value: NoticeType.upgrade, label: t('typeUpgrade') },
          ]}
        />
      </Form.Item>
      <Form.Item name="scope" label={t('scope')} rules={required}>
        <TrimmedInput maxLength={20} />
      </Form.Item>
      <Form.Item name="period" label={t('period')} rules={required}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item
        name="effectiveTime"
        label={t('effectiveTime')}
        dependencies={['period']}
        rules={[
          ...required,
          ({ getFieldValue }) => ({
            validator: async (_, value: Dayjs | undefined) => {
              const period = getFieldValue('period') as [Dayjs, Dayjs] | undefined;
              if (value && period && value.isBefore(period[0])) {
                throw new Error(t('validation:effectiveAfterStart'));
              }
            },
          }),
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="zhDesc" label={t('zhDesc')} rules={required}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      <Form.Item name="enDesc" label={t('enDesc')} rules={required}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="zhDuration" label={t('zhDuration')} style={{ flex: 1 }}>
          <TrimmedInput maxLength={100} />
        </Form.Item>
        <Form.Item name="enDuration" label={t('enDuration')} style={{ flex: 1 }}>
          <TrimmedInput maxLength={100} />
        </Form.Item>
      </Space.Compact>
      <Form.List name="suggests">
        {(rows, { add, remove }) => (
          <Form.Item label={t('suggests')}>
            {rows.map((row) => (
              <Space key={row.key} align="baseline">
                <Form.Item name={[row.name, 'zhSuggest']} rules={required}>
                  <TrimmedInput placeholder={t('zhSuggest')} maxLength={300} />
                </Form.Item>
                <Form.Item name={[row.name, 'enSuggest']} rules={required}>
                  <TrimmedInput placeholder={t('enSuggest')} maxLength={300} />
                </Form.Item>
                <MinusCircleOutlined
                  aria-label={t('removeSuggest')}
                  onClick={() => remove(row.name)}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add()}
              disabled={rows.length >= 10}
            >
              {t('addSuggest')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </FormModal>
  );
}

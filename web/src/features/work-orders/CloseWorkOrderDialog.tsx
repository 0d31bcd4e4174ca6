import {
  type EndpointBody,
  type moveWorkOrder,
  WORK_ORDER_LIMITS,
  type WorkOrderStatus,
} from '@solar/contract';
import { Checkbox, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalControl } from '../../shared/ui/FormModal';
import { useMoveWorkOrder } from './api';

type Values = Pick<EndpointBody<typeof moveWorkOrder>, 'resolution' | 'closeAlarms'>;

/** Done or cancelled: asks the resolution and whether the work order's open alarms close too. */
export function CloseWorkOrderDialog(
  props: FormModalControl & { id: number; status: WorkOrderStatus; hasOpenAlarms: boolean },
): ReactNode {
  const { t } = useTranslation('workOrders');
  const move = useMoveWorkOrder();
  return (
    <FormModal<Values>
      open={props.open}
      onClose={props.onClose}
      title={`${t('close.title')} · ${t(`moves.${props.status}`)}`}
      initialValues={{ closeAlarms: props.status === 'done' }}
      onSubmit={(values) =>
        move.mutateAsync({
          params: { id: props.id },
          body: {
            status: props.status,
            resolution: values.resolution,
            closeAlarms: props.hasOpenAlarms && values.closeAlarms === true,
          },
        })
      }
    >
      <Form.Item
        name="resolution"
        label={t('close.resolution')}
        rules={[{ required: true, whitespace: true, max: WORK_ORDER_LIMITS.resolution }]}
      >
        <Input.TextArea rows={4} maxLength={WORK_ORDER_LIMITS.resolution} />
      </Form.Item>
      {props.hasOpenAlarms ? (
        <Form.Item name="closeAlarms" valuePropName="checked">
          <Checkbox>{t('close.closeAlarms')}</Checkbox>
        </Form.Item>
      ) : null}
    </FormModal>
  );
}

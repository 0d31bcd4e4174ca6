import {
  type createWorkOrder,
  type EndpointBody,
  ErrorCode,
  WORK_ORDER_LIMITS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_SLA_HOURS,
  type WorkOrderDetail,
} from '@solar/contract';
import { App, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantOptions } from '../events/api';
import { usePermission } from '../../shared/permissions/PermissionContext';
import { FormModal, type FormModalControl } from '../../shared/ui/FormModal';
import { useAssignees, useCreateWorkOrder, useUpdateWorkOrder } from './api';

type Values = Omit<EndpointBody<typeof createWorkOrder>, 'eventIds' | 'assigneeId'> & {
  assigneeId?: number;
};

/** What a new work order starts from: a plant and its alarms (the events page's selection). */
export interface WorkOrderSeed {
  plantId?: number;
  eventIds?: number[];
  title?: string;
}

/**
 * Creates a work order (by hand or from `seed`'s alarms, whose devices join it) or edits
 * `editing`'s title, description, priority and devices. The due time follows the priority.
 */
export function WorkOrderDialog(
  props: FormModalControl & {
    seed?: WorkOrderSeed;
    editing?: WorkOrderDetail;
    onCreated?: (id: number) => void;
  },
): ReactNode {
  const { t } = useTranslation('workOrders');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const watchedPlant: unknown = Form.useWatch('plantId', form);
  const plantId =
    typeof watchedPlant === 'number'
      ? watchedPlant
      : (props.editing?.plantId ?? props.seed?.plantId);
  const plants = usePlantOptions().data?.infos ?? [];
  const assignees = useAssignees(props.editing ? undefined : plantId).data?.infos ?? [];
  const canAssign = usePermission('workorder.assign');
  const create = useCreateWorkOrder();
  const update = useUpdateWorkOrder();
  const eventIds = props.seed?.eventIds ?? [];

  const submit = async (values: Values) => {
    const fields = {
      title: values.title,
      description: values.description ?? '',
      priority: values.priority,
      deviceSns: values.deviceSns ?? [],
    };
    if (props.editing) {
      await update.mutateAsync({ params: { id: props.editing.id }, body: fields });
      return;
    }
    const { id } = await create.mutateAsync({
      body: {
        ...fields,
        plantId: values.plantId,
        eventIds,
        assigneeId: values.assigneeId ?? null,
      },
    });
    void message.success(t('created', { id }));
    props.onCreated?.(id);
  };

  const initialValues: Partial<Values> = props.editing
    ? {
        plantId: props.editing.plantId,
        title: props.editing.title,
        description: props.editing.description,
        priority: props.editing.priority,
        deviceSns: props.editing.devices.map((device) => device.sn),
      }
    : {
        priority: 'P3',
        ...(props.seed?.plantId ? { plantId: props.seed.plantId } : {}),
        ...(props.seed?.title ? { title: props.seed.title } : {}),
      };

  return (
    <FormModal<Values>
      open={props.open}
      onClose={props.onClose}
      title={props.editing ? t('edit') : t('new')}
      initialValues={initialValues}
      onSubmit={submit}
      fieldErrors={{
        field: 'deviceSns',
        messageByCode: { [ErrorCode.workOrderTargetInvalid]: t('errors.targets') },
      }}
    >
      <Form.Item name="plantId" label={t('fields.plant')} rules={[{ required: true }]}>
        <Select
          showSearch
          optionFilterProp="label"
          disabled={Boolean(props.editing) || eventIds.length > 0}
          options={plants.map((plant) => ({ value: plant.id, label: plant.name }))}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('fields.title')}
        rules={[{ required: true, whitespace: true, max: WORK_ORDER_LIMITS.title }]}
      >
        <Input maxLength={WORK_ORDER_LIMITS.title} />
      </Form.Item>
      <Form.Item name="priority" label={t('fields.priority')} rules={[{ required: true }]}>
        <Select
          options={WORK_ORDER_PRIORITIES.map((priority) => ({
            value: priority,
            label: `${t(`priorities.${priority}`)} · ${t('dueWithin', { hours: WORK_ORDER_SLA_HOURS[priority] })}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={3} maxLength={WORK_ORDER_LIMITS.description} />
      </Form.Item>
      <Form.Item name="deviceSns" label={t('fields.devices')}>
        <Select mode="tags" maxCount={WORK_ORDER_LIMITS.devices} open={false} />
      </Form.Item>
      {!props.editing && canAssign ? (
        <Form.Item name="assigneeId" label={t('fields.assignee')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('unassigned')}
            options={assignees.map((user) => ({ value: user.id, label: user.nickname }))}
          />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}

import {
  CLOSING_WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderDetail,
  type WorkOrderStatus,
} from '@solar/contract';
import { Button, Card, Form, Select, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../shared/permissions/Permit';
import { useAssignees, useAssignWorkOrder, useMoveWorkOrder } from './api';
import { CloseWorkOrderDialog } from './CloseWorkOrderDialog';
import { WorkOrderDialog } from './WorkOrderDialog';

/**
 * What may be done with the work order now: the moves its status allows (closing ones ask a
 * resolution first), assigning it and editing it, each under its permission. Buttons fill the
 * width, so they are easy to hit on a phone.
 */
export function WorkOrderActions(props: { order: WorkOrderDetail }): ReactNode {
  const { t } = useTranslation('workOrders');
  const { order } = props;
  const move = useMoveWorkOrder();
  const assign = useAssignWorkOrder();
  const assignees = useAssignees(order.plantId).data?.infos ?? [];
  const [closing, setClosing] = useState<WorkOrderStatus | null>(null);
  const [isEditing, setEditing] = useState(false);
  const moves = WORK_ORDER_TRANSITIONS[order.status];
  const hasOpenAlarms = order.events.some((event) => event.endTime === null);

  const onMove = (status: WorkOrderStatus) => {
    if (CLOSING_WORK_ORDER_STATUSES.includes(status)) {
      setClosing(status);
      return;
    }
    void move.mutateAsync({ params: { id: order.id }, body: { status } });
  };

  return (
    <Card size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Permit permission="workorder.edit">
          {moves.map((status) => (
            <Button
              key={status}
              block
              size="large"
              type={status === 'done' ? 'primary' : 'default'}
              danger={status === 'cancelled'}
              loading={move.isPending}
              onClick={() => onMove(status)}
            >
              {t(`moves.${status}`)}
            </Button>
          ))}
        </Permit>
        <Permit permission="workorder.assign">
          <Form.Item label={t('assign')} style={{ marginBottom: 0 }}>
            <Select
              aria-label={t('assign')}
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: '100%' }}
              value={order.assigneeId ?? undefined}
              placeholder={t('unassigned')}
              loading={assign.isPending}
              options={assignees.map((user) => ({ value: user.id, label: user.nickname }))}
              onChange={(assigneeId?: number) =>
                void assign.mutateAsync({
                  params: { id: order.id },
                  body: { assigneeId: assigneeId ?? null },
                })
              }
            />
          </Form.Item>
        </Permit>
        <Permit permission="workorder.edit">
          <Button block onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
        </Permit>
      </Space>
      {closing ? (
        <CloseWorkOrderDialog
          open
          id={order.id}
          status={closing}
          hasOpenAlarms={hasOpenAlarms}
          onClose={() => setClosing(null)}
        />
      ) : null}
      <WorkOrderDialog open={isEditing} editing={order} onClose={() => setEditing(false)} />
    </Card>
  );
}

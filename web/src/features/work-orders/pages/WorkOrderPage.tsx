import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, List, Row, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { plantMoment } from '../../../shared/format/formatters';
import { useWorkOrder } from '../api';
import { minutesText } from '../../../shared/format/duration';
import { PRIORITY_COLOURS, STATUS_COLOURS } from '../format';
import { WorkOrderActions } from '../WorkOrderActions';
import { WorkOrderComments } from '../WorkOrderComments';
import { WorkOrderPhotos } from '../WorkOrderPhotos';

/**
 * One work order for the technician on the roof: one column on a phone (facts, the big action
 * buttons, alarms, comments, photos), two on a wide screen.
 */
export default function WorkOrderPage(): ReactNode {
  const { t } = useTranslation('workOrders');
  const id = Number(useParams().id);
  const order = useWorkOrder(id).data;
  if (!order) return <Card loading />;
  const at = (instant: string | null) => (instant ? plantMoment(instant, order.timeZone) : '–');

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Link to="/work-orders">
        <ArrowLeftOutlined /> {t('back')}
      </Link>
      <Card
        size="small"
        title={
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
            #{order.id} {order.title}
          </Typography.Title>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Tag color={STATUS_COLOURS[order.status]}>{t(`statuses.${order.status}`)}</Tag>
          <Tag color={PRIORITY_COLOURS[order.priority]}>{t(`priorities.${order.priority}`)}</Tag>
          {order.isOverdue ? <Tag color="red">{t('overdue')}</Tag> : null}
        </Space>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('fields.plant')}>
            <Link to={`/plants/overview/${order.plantId}`}>{order.plantName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.assignee')}>
            {order.assigneeName ?? t('unassigned')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.reported')}>{at(order.reportedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.due')}>{at(order.dueAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.timeSpent')}>
            {minutesText(order.minutesSpent)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.createdBy')}>
            {order.createdBy ?? '–'}
          </Descriptions.Item>
          {order.closedAt ? (
            <Descriptions.Item label={t('fields.closed')}>{at(order.closedAt)}</Descriptions.Item>
          ) : null}
          {order.resolution ? (
            <Descriptions.Item label={t('fields.resolution')}>{order.resolution}</Descriptions.Item>
          ) : null}
        </Descriptions>
        {order.description ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>
            {order.description}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <WorkOrderActions order={order} />
            <Card size="small" title={t('fields.alarms')}>
              <List
                size="small"
                dataSource={order.events}
                renderItem={(event) => (
                  <List.Item key={event.id}>
                    <Tag>{event.level}</Tag> {event.code} · {event.sn} · {at(event.startTime)}{' '}
                    {event.endTime === null ? <Tag color="red">{t('statuses.open')}</Tag> : null}
                  </List.Item>
                )}
              />
            </Card>
            <Card size="small" title={t('fields.devices')}>
              <Space wrap>
                {order.devices.map((device) => (
                  <Tag key={device.id}>{device.sn}</Tag>
                ))}
              </Space>
            </Card>
          </Space>
        </Col>
        <Col xs={24} lg={12}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <WorkOrderComments order={order} />
            <WorkOrderPhotos order={order} />
          </Space>
        </Col>
      </Row>
    </Space>
  );
}

import {
  type commentWorkOrder,
  type EndpointBody,
  WORK_ORDER_LIMITS,
  type WorkOrderDetail,
} from '@solar/contract';
import { Button, Card, Empty, Form, Input, InputNumber, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readerMoment } from '../../shared/format/formatters';
import { Permit } from '../../shared/permissions/Permit';
import { useCommentWorkOrder } from './api';
import { minutesText } from '../../shared/format/duration';

type Values = EndpointBody<typeof commentWorkOrder>;

/** The work order's comments, oldest first, and the form that adds one with its minutes. */
export function WorkOrderComments(props: { order: WorkOrderDetail }): ReactNode {
  const { t } = useTranslation('workOrders');
  const [form] = Form.useForm<Values>();
  const comment = useCommentWorkOrder();
  const send = async (values: Values) => {
    await comment.mutateAsync({
      params: { id: props.order.id },
      body: values,
    });
    form.resetFields();
  };
  return (
    <Card title={t('comments')} size="small">
      {props.order.comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noComments')} />
      ) : (
        <List
          dataSource={props.order.comments}
          renderItem={(item) => (
            <List.Item key={item.id}>
              <List.Item.Meta
                title={
                  <>
                    {item.authorName ?? '–'}{' '}
                    <Typography.Text type="secondary">
                      {readerMoment(item.createdAt)}
                      {item.minutesSpent > 0 ? ` · ${minutesText(item.minutesSpent)}` : ''}
                    </Typography.Text>
                  </>
                }
                description={<span style={{ whiteSpace: 'pre-wrap' }}>{item.body}</span>}
              />
            </List.Item>
          )}
        />
      )}
      <Permit permission="workorder.edit">
        <Form<Values> form={form} layout="vertical" onFinish={(values) => void send(values)}>
          <Form.Item
            name="body"
            label={t('comment')}
            rules={[{ required: true, whitespace: true, max: WORK_ORDER_LIMITS.comment }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={WORK_ORDER_LIMITS.comment}
              placeholder={t('commentPlaceholder')}
            />
          </Form.Item>
          <Form.Item name="minutesSpent" label={t('minutes')}>
            <InputNumber min={0} max={WORK_ORDER_LIMITS.minutesPerComment} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={comment.isPending} block>
            {t('send')}
          </Button>
        </Form>
      </Permit>
    </Card>
  );
}

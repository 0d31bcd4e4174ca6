import {
  VIDEO_CHANNELS_PER_DEVICE,
  VIDEO_PROTOCOLS,
  type VideoDeviceRow,
  type VideoProtocol,
  type VideoSpaceRow,
  type EndpointBody,
  type createVideoDevice,
} from '@solar/contract';
import {
  Badge,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../shared/permissions/Permit';
import { FormModal } from '../../../shared/ui/FormModal';
import {
  useCreateVideoDevice,
  useDeleteVideoDevice,
  useDeleteVideoSpace,
  useVideoDevice,
  useVideoDevices,
  useVideoSpaces,
} from '../api';
import { diskUse } from './disk-use';
import { MediaServerTag } from './MediaServerTag';
import { SpaceDialog } from './SpaceDialog';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

type DeviceValues = EndpointBody<typeof createVideoDevice>;

function DeviceDialog(props: {
  open: boolean;
  onClose: (isSaved: boolean) => void;
  spaces: readonly VideoSpaceRow[];
  plantId?: number;
}): ReactNode {
  const { t } = useTranslation('video');
  const create = useCreateVideoDevice();
  const [protocol, setProtocol] = useState<VideoProtocol>('simulated');
  return (
    <FormModal<DeviceValues>
      open={props.open}
      onClose={props.onClose}
      title={t('cameras.addCamera')}
      initialValues={{ protocol: 'simulated', channelCount: 1, spaceId: props.spaces[0]?.id }}
      onSubmit={(values) =>
        create.mutateAsync({
          body: {
            ...values,
            streamUrl: values.streamUrl || null,
            gbId: values.gbId || null,
            plantId: props.plantId ?? null,
          },
        })
      }
    >
      <Form.Item
        name="spaceId"
        label={t('cameras.space')}
        rules={[{ required: true, message: t('cameras.required') }]}
      >
        <Select options={props.spaces.map((space) => ({ value: space.id, label: space.name }))} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('cameras.name')}
        rules={[{ required: true, message: t('cameras.required') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="protocol" label={t('cameras.protocol')}>
        <Select
          onChange={setProtocol}
          options={VIDEO_PROTOCOLS.map((value) => ({ value, label: t(`protocol.${value}`) }))}
        />
      </Form.Item>
      {protocol === 'rtsp' ? (
        <Form.Item
          name="streamUrl"
          label={t('cameras.streamUrl')}
          rules={[{ required: true, message: t('cameras.required') }]}
        >
          <Input placeholder="rtsp://" />
        </Form.Item>
      ) : null}
      <Form.Item name="gbId" label={t('cameras.gbId')}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="channelCount" label={t('cameras.channelCount')}>
        <InputNumber min={VIDEO_CHANNELS_PER_DEVICE.min} max={VIDEO_CHANNELS_PER_DEVICE.max} />
      </Form.Item>
    </FormModal>
  );
}

/** The stream address or the push URLs (with their signed push key) of one camera. */
function PushDialog(props: { deviceId: number | null; onClose: () => void }): ReactNode {
  const { t } = useTranslation('video');
  const detail = useVideoDevice(props.deviceId);
  return (
    <Modal
      open={props.deviceId !== null}
      onCancel={props.onClose}
      footer={null}
      title={t('cameras.connection')}
    >
      {detail.data?.streamUrl ? (
        <Typography.Paragraph copyable>{detail.data.streamUrl}</Typography.Paragraph>
      ) : null}
      {detail.data?.pushUrls.map((push) => (
        <Typography.Paragraph key={push.channelId} copyable>
          {push.url}
        </Typography.Paragraph>
      ))}
    </Modal>
  );
}

/** Camera spaces and cameras, with their limits, status and disk use. */
export function CamerasPanel(): ReactNode {
  const { t } = useTranslation('video');
  const spaces = useVideoSpaces();
  const devices = useVideoDevices();
  const deleteSpace = useDeleteVideoSpace();
  const deleteDevice = useDeleteVideoDevice();
  const [dialog, setDialog] = useState<'space' | 'device' | null>(null);
  const [editedSpace, setEditedSpace] = useState<VideoSpaceRow | null>(null);
  const [connectionOf, setConnectionOf] = useState<number | null>(null);
  const spaceRows = spaces.data?.infos ?? [];
  const remove = (action: () => void) => (
    <Permit permission="video.manage">
      <Popconfirm title={t('cameras.confirmDelete')} onConfirm={action}>
        <Button size="small" danger>
          {t('cameras.delete')}
        </Button>
      </Popconfirm>
    </Permit>
  );
  return (
    <Space direction="vertical" className="video-main">
      <Permit permission="video.manage">
        <Space>
          <Button onClick={() => setDialog('space')}>{t('cameras.addSpace')}</Button>
          <Button
            type="primary"
            disabled={spaceRows.length === 0}
            onClick={() => setDialog('device')}
          >
            {t('cameras.addCamera')}
          </Button>
          <MediaServerTag />
        </Space>
      </Permit>
      <ResponsiveTable<VideoSpaceRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={spaceRows}
        columns={[
          { title: t('cameras.spaceName'), dataIndex: 'name' },
          { title: t('cameras.cameraCount'), dataIndex: 'deviceCount' },
          { title: t('cameras.retentionDays'), dataIndex: 'retentionDays' },
          { title: t('cameras.alarmLevels'), render: (_, row) => row.alarmLevels.join(', ') },
          { title: t('cameras.diskUse'), render: (_, row) => diskUse(row.diskBytes) },
          {
            title: '',
            render: (_, row) => (
              <Space>
                <Permit permission="video.manage">
                  <Button
                    size="small"
                    onClick={() => {
                      setEditedSpace(row);
                      setDialog('space');
                    }}
                  >
                    {t('cameras.edit')}
                  </Button>
                </Permit>
                {remove(() => deleteSpace.mutate({ params: { id: row.id } }))}
              </Space>
            ),
          },
        ]}
      />
      <ResponsiveTable<VideoDeviceRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={devices.data?.infos ?? []}
        columns={[
          { title: t('cameras.name'), dataIndex: 'name' },
          { title: t('cameras.plant'), dataIndex: 'plantName' },
          { title: t('cameras.protocol'), render: (_, row) => t(`protocol.${row.protocol}`) },
          { title: t('cameras.deviceId'), dataIndex: 'deviceId' },
          {
            title: t('cameras.status'),
            render: (_, row) => (
              <Badge
                status={row.isOnline ? 'success' : 'default'}
                text={t(row.isOnline ? 'cameras.online' : 'cameras.offline')}
              />
            ),
          },
          { title: t('cameras.channels'), render: (_, row) => row.channels.length },
          {
            title: '',
            render: (_, row) => (
              <Space>
                <Permit permission="video.manage">
                  <Button size="small" onClick={() => setConnectionOf(row.id)}>
                    {t('cameras.connection')}
                  </Button>
                </Permit>
                {remove(() => deleteDevice.mutate({ params: { id: row.id } }))}
              </Space>
            ),
          },
        ]}
      />
      <SpaceDialog
        open={dialog === 'space'}
        space={editedSpace}
        onClose={() => {
          setDialog(null);
          setEditedSpace(null);
        }}
      />
      <DeviceDialog open={dialog === 'device'} onClose={() => setDialog(null)} spaces={spaceRows} />
      <PushDialog deviceId={connectionOf} onClose={() => setConnectionOf(null)} />
    </Space>
  );
}

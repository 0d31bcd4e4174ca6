import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { PTZ_ACTIONS, type PtzAction, VIDEO_PRESET_NUMBERS } from '@solar/contract';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGotoPreset, usePresets, usePtz, useStorePreset } from '../api';
import { AlarmPresetSelect } from './AlarmPresetSelect';
import { PtzCommandLog } from './PtzCommandLog';

const ICONS: Record<PtzAction, ReactNode> = {
  up: <ArrowUpOutlined />,
  down: <ArrowDownOutlined />,
  left: <ArrowLeftOutlined />,
  right: <ArrowRightOutlined />,
  zoomIn: <ZoomInOutlined />,
  zoomOut: <ZoomOutOutlined />,
};

/** Direction pad, zoom and presets of the selected channel (shown with `video.ptz`). */
export function PtzPad(props: { channelId: number }): ReactNode {
  const { t } = useTranslation('video');
  const ptz = usePtz();
  const presets = usePresets(props.channelId);
  const storePreset = useStorePreset();
  const gotoPreset = useGotoPreset();
  const [preset, setPreset] = useState<number | null>(null);
  const [moving, setMoving] = useState<PtzAction | null>(null);
  const params = { id: props.channelId };
  return (
    <Card size="small" title={t('ptz.title')}>
      <Space wrap>
        {PTZ_ACTIONS.map((action) => (
          <Button
            key={action}
            icon={ICONS[action]}
            aria-label={t(`ptz.${action}`)}
            loading={ptz.isPending && moving === action}
            onClick={() => {
              setMoving(action);
              ptz.mutate({ params, body: { action } });
            }}
          />
        ))}
      </Space>
      <Space wrap className="video-presets">
        <Select
          className="video-preset-select"
          placeholder={t('ptz.preset')}
          value={preset}
          onChange={setPreset}
          options={(presets.data?.infos ?? []).map((row) => ({
            value: row.number,
            label: `${row.number} · ${row.name}`,
          }))}
        />
        <Button
          disabled={preset === null}
          onClick={() =>
            preset !== null && gotoPreset.mutate({ params: { ...params, number: preset } })
          }
        >
          {t('ptz.goto')}
        </Button>
      </Space>
      <Form
        layout="inline"
        className="video-presets"
        onFinish={(values: { number: number; name: string }) =>
          storePreset.mutate({ params, body: values })
        }
      >
        <Form.Item name="number" rules={[{ required: true, message: t('ptz.numberRequired') }]}>
          <InputNumber
            min={VIDEO_PRESET_NUMBERS.min}
            max={VIDEO_PRESET_NUMBERS.max}
            placeholder={t('ptz.number')}
          />
        </Form.Item>
        <Form.Item name="name" rules={[{ required: true, message: t('ptz.nameRequired') }]}>
          <Input maxLength={20} placeholder={t('ptz.name')} />
        </Form.Item>
        <Button htmlType="submit" loading={storePreset.isPending}>
          {t('ptz.store')}
        </Button>
      </Form>
      <AlarmPresetSelect channelId={props.channelId} />
      <PtzCommandLog channelId={props.channelId} />
    </Card>
  );
}

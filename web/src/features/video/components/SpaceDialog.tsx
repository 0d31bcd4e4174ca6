import {
  EVENT_LEVEL_LETTERS,
  VIDEO_ALARM_LEVELS_DEFAULT,
  VIDEO_RETENTION_DAYS,
  type VideoSpaceRow,
  type EndpointBody,
  type createVideoSpace,
} from '@solar/contract';
import { Checkbox, Form, Input, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateVideoSpace, useUpdateVideoSpace } from '../api';

type SpaceValues = Pick<
  EndpointBody<typeof createVideoSpace>,
  'name' | 'retentionDays' | 'alarmLevels'
>;

/** Adds a space, or changes one (`space`): name, retention, the levels alarms act on. */
export function SpaceDialog(props: {
  open: boolean;
  onClose: (isSaved: boolean) => void;
  space: VideoSpaceRow | null;
}): ReactNode {
  const { t } = useTranslation('video');
  const { t: tEvents } = useTranslation('events');
  const create = useCreateVideoSpace();
  const update = useUpdateVideoSpace();
  const { space } = props;
  return (
    <FormModal<SpaceValues>
      open={props.open}
      onClose={props.onClose}
      title={t(space ? 'cameras.editSpace' : 'cameras.addSpace')}
      initialValues={
        space ?? {
          retentionDays: VIDEO_RETENTION_DAYS.default,
          alarmLevels: [...VIDEO_ALARM_LEVELS_DEFAULT],
        }
      }
      onSubmit={(body) =>
        space
          ? update.mutateAsync({ params: { id: space.id }, body })
          : create.mutateAsync({ body })
      }
    >
      <Form.Item
        name="name"
        label={t('cameras.spaceName')}
        rules={[{ required: true, message: t('cameras.required') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="retentionDays" label={t('cameras.retentionDays')}>
        <InputNumber min={VIDEO_RETENTION_DAYS.min} max={VIDEO_RETENTION_DAYS.max} />
      </Form.Item>
      <Form.Item
        name="alarmLevels"
        label={t('cameras.alarmLevels')}
        extra={t('cameras.alarmLevelsHelp')}
      >
        <Checkbox.Group
          options={EVENT_LEVEL_LETTERS.map((letter) => ({
            value: letter,
            label: `${letter} · ${tEvents(`levels.${letter}`)}`,
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}

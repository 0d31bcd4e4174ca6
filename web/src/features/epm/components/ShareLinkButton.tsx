import { Button, Input, Modal, Select, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../shared/permissions/Permit';
import { useCreateShareLink } from '../api';
import { readerMoment } from '../../../shared/format/formatters';

const VALIDITY_HOURS = [1, 24, 24 * 7, 24 * 30] as const;

/** Creates a signed, expiring link to the device's public realtime page (inverters and EPMs). */
export function ShareLinkButton({ sn }: { sn: string }): ReactNode {
  return (
    <Permit permission="equip.share">
      <ShareLink sn={sn} />
    </Permit>
  );
}

function ShareLink({ sn }: { sn: string }): ReactNode {
  const { t } = useTranslation('epm');
  const create = useCreateShareLink();
  const [isOpen, setOpen] = useState(false);
  const [hours, setHours] = useState<number>(24);
  const link = create.data;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('share.button')}</Button>
      <Modal
        open={isOpen}
        title={t('share.title', { sn })}
        footer={null}
        onCancel={() => {
          setOpen(false);
          create.reset();
        }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space>
            <Select
              aria-label={t('share.validity')}
              value={hours}
              onChange={setHours}
              style={{ width: 160 }}
              options={VALIDITY_HOURS.map((value) => ({
                value,
                label: t('share.hours', { count: value }),
              }))}
            />
            <Button
              type="primary"
              loading={create.isPending}
              onClick={() => create.mutate({ params: { sn }, body: { validHours: hours } })}
            >
              {t('share.create')}
            </Button>
          </Space>
          {link && (
            <>
              <Input readOnly value={`${window.location.origin}${link.path}`} />
              <Typography.Text type="secondary">
                {t('share.expires', { at: readerMoment(link.expiresAt) })}
              </Typography.Text>
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}

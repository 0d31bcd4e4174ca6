import { DeleteOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DeletePlantMenuProps {
  plantName: string;
  isDeleting: boolean;
  onDelete: () => void;
}

/**
 * Deleting a plant is out of the toolbar, behind a "more" menu, and asks for the plant's name
 * typed in full before it goes ahead.
 */
export function DeletePlantMenu({ plantName, isDeleting, onDelete }: DeletePlantMenuProps) {
  const { t } = useTranslation('plants');
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const isConfirmed = typed.trim() === plantName;
  const close = () => {
    setOpen(false);
    setTyped('');
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'delete', danger: true, icon: <DeleteOutlined />, label: t('overview.delete') },
          ],
          onClick: () => setOpen(true),
        }}
      >
        <Button icon={<EllipsisOutlined />} aria-label={t('overview.moreActions')} />
      </Dropdown>
      <Modal
        open={isOpen}
        title={t('overview.deleteConfirm', { name: plantName })}
        okText={t('overview.delete')}
        okButtonProps={{ danger: true, disabled: !isConfirmed, loading: isDeleting }}
        onOk={() => {
          onDelete();
          close();
        }}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('overview.typeNameToDelete', { name: plantName })}
        </Typography.Paragraph>
        <Input
          aria-label={t('overview.typeNameLabel')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </Modal>
    </>
  );
}

import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import type { ConfirmOptions } from '../shared/api/notifier';

export default function ConfirmDialog(props: {
  options: ConfirmOptions;
  onClose: () => void;
}): ReactNode {
  const { options, onClose } = props;
  return (
    <Modal
      open
      width={416}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} />
          {options.title}
        </span>
      }
      okText={options.okText}
      cancelText={options.cancelText}
      onOk={onClose}
      onCancel={onClose}
    >
      {options.content}
    </Modal>
  );
}

import { Alert, Button, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A secret the server answers only once (a new API key, a webhook's signing secret): a warning
 * to copy it now, the secret with a copy button, and an optional hint on how to use it.
 */
export function SecretShownOnceModal(props: {
  secret: string | null;
  title: string;
  warning: string;
  hint?: string;
  closeText: string;
  onClose: () => void;
}): ReactNode {
  return (
    <Modal
      open={props.secret !== null}
      title={props.title}
      onCancel={props.onClose}
      footer={<Button onClick={props.onClose}>{props.closeText}</Button>}
    >
      <Alert type="warning" showIcon title={props.warning} />
      <Typography.Paragraph
        code
        copyable
        style={{ marginTop: 16, wordBreak: 'break-all' }}
        aria-label={props.title}
      >
        {props.secret}
      </Typography.Paragraph>
      {props.hint && <Typography.Text type="secondary">{props.hint}</Typography.Text>}
    </Modal>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { uploadExtensions, uploadProblem, type UploadRule } from '@solar/contract';
import { App, Button, Space, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const megabytes = (bytes: number): number => Math.round(bytes / 1024 / 1024);

/** The multipart form an upload endpoint expects: the file under the rule's field. */
export function uploadForm(rule: UploadRule, file: File): FormData {
  const form = new FormData();
  form.append(rule.field, file);
  return form;
}

/**
 * The one picture picker: offers the upload rule's types, refuses a file of another type or over
 * the rule's size with a message before anything is sent, and hands an accepted file to `onPick`
 * (which uploads it, or keeps it until the form is saved).
 */
export function PictureUpload(props: {
  /** The endpoint's upload rule (`uploadAvatar.upload`, …). */
  rule: UploadRule;
  onPick: (file: File) => Promise<unknown> | void;
  label?: string;
  disabled?: boolean;
}): ReactNode {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const size = megabytes(props.rule.maxBytes);
  const accept = [
    ...uploadExtensions(props.rule).map((extension) => `.${extension}`),
    ...Object.keys(props.rule.types),
  ].join(',');
  return (
    <Space orientation="vertical" size={4}>
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={props.disabled}
        beforeUpload={(file) => {
          const problem = uploadProblem(props.rule, file);
          if (!problem) return true;
          void message.error(
            t(problem === 'type' ? 'upload.wrongType' : 'upload.tooLarge', { size }),
          );
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          Promise.resolve(props.onPick(file as File))
            .then(() => onSuccess?.(null))
            .catch((error: Error) => onError?.(error));
        }}
      >
        <Button icon={<UploadOutlined />} disabled={props.disabled}>
          {props.label ?? t('upload.pick')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('upload.hint', { size })}</Typography.Text>
    </Space>
  );
}

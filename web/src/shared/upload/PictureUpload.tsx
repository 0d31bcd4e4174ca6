import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { asUploadForm, pictureProblem } from './picture-check';

/** Picks a picture, checks type and size, and hands the multipart form to `upload`. */
export function PictureUpload(props: {
  label: string;
  maxBytes: number;
  upload: (form: FormData) => Promise<unknown>;
  disabled?: boolean;
}): ReactNode {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  return (
    <Upload
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      disabled={props.disabled}
      beforeUpload={(file) => {
        const problem = pictureProblem(file, props.maxBytes);
        if (problem) {
          void message.error(
            t(problem === 'type' ? 'upload.wrongType' : 'upload.tooLarge', {
              size: Math.round(props.maxBytes / 1024 / 1024),
            }),
          );
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        props
          .upload(asUploadForm(file as File))
          .then(() => onSuccess?.(null))
          .catch((error: Error) => onError?.(error));
      }}
    >
      <Button icon={<UploadOutlined />} disabled={props.disabled}>
        {props.label}
      </Button>
    </Upload>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pictureProblem } from '../../picture';

interface PictureUploadProps {
  /** The picture the plant has now. */
  currentUrl: string | null;
  onSelect: (file: File | null) => void;
}

/** Keeps the chosen file until the form is saved: a new plant has no id to upload to yet. */
export function PictureUpload({ currentUrl, onSelect }: PictureUploadProps) {
  const { t } = useTranslation('plants');
  const { message } = App.useApp();
  const [preview, setPreview] = useState<string | null>(currentUrl);

  useEffect(() => {
    return () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const fileList: UploadFile[] = preview
    ? [
        {
          uid: 'picture',
          name: t('field.picture'),
          status: 'done',
          url: preview,
          thumbUrl: preview,
        },
      ]
    : [];

  return (
    <Upload
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      listType="picture-card"
      maxCount={1}
      fileList={fileList}
      beforeUpload={(file) => {
        const problem = pictureProblem(file);
        if (problem) {
          void message.error(t(`edit.${problem}`));
          return Upload.LIST_IGNORE;
        }
        setPreview(URL.createObjectURL(file));
        onSelect(file);
        return false;
      }}
      onRemove={() => {
        setPreview(null);
        onSelect(null);
      }}
    >
      {fileList.length === 0 && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('edit.pictureHint')}</div>
        </div>
      )}
    </Upload>
  );
}

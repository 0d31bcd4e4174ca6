import { UploadOutlined } from '@ant-design/icons';
import {
  DOWNLOAD_CATEGORIES,
  DOWNLOAD_FILE_NAME_PATTERN,
  DOWNLOAD_LANGUAGES,
  type DownloadFileFields,
  downloadCenterUpload,
} from '@solar/contract';
import { Button, Form, Input, Select, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { publishForm, usePublishDownload } from '../api';
import { useLanguageName } from './DownloadFiles';

type PublishValues = DownloadFileFields & { file: File[] };

const MB = 1024 * 1024;
const EXTENSIONS = [...new Set(Object.values(downloadCenterUpload.types).flat())];

/** Publishes a file with its title, category, language and version; the server checks it too. */
export function PublishDownloadDialog(props: FormModalControl): ReactNode {
  const { t } = useTranslation('public');
  const languageName = useLanguageName();
  const publish = usePublishDownload();
  return (
    <FormModal<PublishValues>
      open={props.open}
      onClose={props.onClose}
      title={t('downloadCenter.publish')}
      initialValues={{ category: 'manual', language: 'all' }}
      onSubmit={async ({ file, ...fields }) =>
        publish.mutateAsync({ body: publishForm(fields, file[0]!) })
      }
    >
      <Form.Item
        name="title"
        label={t('downloadCenter.fileTitle')}
        rules={[{ required: true, whitespace: true, max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="category" label={t('downloadCenter.category')}>
        <Select
          options={DOWNLOAD_CATEGORIES.map((value) => ({
            value,
            label: t(`downloadCenter.categories.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="language" label={t('downloadCenter.language')}>
        <Select
          options={DOWNLOAD_LANGUAGES.map((value) => ({ value, label: languageName(value) }))}
        />
      </Form.Item>
      <Form.Item name="version" label={t('downloadCenter.version')} rules={[{ max: 32 }]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('downloadCenter.file')}
        extra={t('downloadCenter.fileRule', {
          types: EXTENSIONS.join(', '),
          mb: downloadCenterUpload.maxBytes / MB,
        })}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: { originFileObj?: File }[] }) =>
          event.fileList.flatMap((item) => (item.originFileObj ? [item.originFileObj] : []))
        }
        rules={[
          { required: true, message: t('downloadCenter.fileRequired') },
          {
            validator: async (_, files: File[] | undefined) => {
              const file = files?.[0];
              const isAllowed =
                !file ||
                (DOWNLOAD_FILE_NAME_PATTERN.test(file.name) &&
                  file.size <= downloadCenterUpload.maxBytes &&
                  EXTENSIONS.includes(file.name.split('.').pop()?.toLowerCase() ?? ''));
              if (!isAllowed)
                throw new Error(
                  t('downloadCenter.fileRule', {
                    types: EXTENSIONS.join(', '),
                    mb: downloadCenterUpload.maxBytes / MB,
                  }),
                );
            },
          },
        ]}
      >
        <Upload
          beforeUpload={() => false}
          maxCount={1}
          accept={EXTENSIONS.map((extension) => `.${extension}`).join(',')}
        >
          <Button icon={<UploadOutlined />}>{t('downloadCenter.pick')}</Button>
        </Upload>
      </Form.Item>
    </FormModal>
  );
}

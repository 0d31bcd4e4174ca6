import {
  ErrorCode,
  FIRMWARE_FILE_NAME_PATTERN,
  type FirmwareKind,
  firmwareExtensionOf,
  firmwareUpload,
  UPGRADE_MODES,
  UPGRADE_STRATEGIES,
} from '@solar/contract';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { firmwareForm, useCreateFirmware } from '../api';

interface UploadValues {
  equipType: number;
  firmId: string;
  brand: string;
  product: string;
  epn: string;
  version: string;
  upgradeMode: (typeof UPGRADE_MODES)[number];
  strategy: (typeof UPGRADE_STRATEGIES)[number];
  notes?: string;
  file: File[];
}

/** Why a picked file cannot be a firmware (name, extension, size), or null when it can be. */
export function firmwareFileProblem(file: { name: string; size: number }): string | null {
  if (file.name.length > 40) return 'fileNameLength';
  if (!FIRMWARE_FILE_NAME_PATTERN.test(file.name)) return 'fileNameCharacters';
  if (!firmwareExtensionOf(file.name)) return 'fileType';
  if (file.size > firmwareUpload.maxBytes) return 'fileSize';
  return null;
}

const required = { required: true, whitespace: true };

/** Uploads a firmware with the fields of section 3; the server checks the content too. */
export function FirmwareUploadDialog(
  props: FormModalControl & { kinds: readonly FirmwareKind[] },
): ReactNode {
  const { t } = useTranslation('firmware');
  const create = useCreateFirmware();
  const text = (name: keyof UploadValues, max = 64) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={[{ ...required, max }]}>
      <Input maxLength={max} />
    </Form.Item>
  );
  return (
    <FormModal<UploadValues>
      open={props.open}
      onClose={props.onClose}
      title={t('upload.title')}
      initialValues={{
        equipType: props.kinds[0]?.equipType,
        upgradeMode: 'remote',
        strategy: 'prompt',
      }}
      fieldErrors={{
        field: 'version',
        messageByCode: {
          [ErrorCode.firmwareNameDuplicate]: t('upload.nameDuplicate'),
          [ErrorCode.firmwareLatest]: t('upload.notNewest'),
          [ErrorCode.firmwareVersionDuplicate]: t('upload.versionDuplicate'),
        },
      }}
      onSubmit={async ({ file, ...fields }) =>
        create.mutateAsync({ body: firmwareForm(fields, file[0]!) })
      }
    >
      <Form.Item name="equipType" label={t('fields.equipType')} rules={[{ required: true }]}>
        <Select
          options={props.kinds.map((kind) => ({
            value: kind.equipType,
            label: t(`kinds.${kind.id}`),
          }))}
        />
      </Form.Item>
      {text('firmId')}
      {text('brand')}
      {text('product')}
      {text('epn')}
      {text('version', 32)}
      <Form.Item name="upgradeMode" label={t('fields.upgradeMode')}>
        <Select
          options={UPGRADE_MODES.map((mode) => ({ value: mode, label: t(`modes.${mode}`) }))}
        />
      </Form.Item>
      <Form.Item name="strategy" label={t('fields.strategy')}>
        <Select
          options={UPGRADE_STRATEGIES.map((strategy) => ({
            value: strategy,
            label: t(`strategies.${strategy}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="notes" label={t('fields.notes')} rules={[{ max: 500 }]}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('fields.file')}
        extra={t('upload.rule')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: { originFileObj?: File }[] }) =>
          event.fileList.flatMap((item) => (item.originFileObj ? [item.originFileObj] : []))
        }
        rules={[
          { required: true, message: t('upload.fileRequired') },
          {
            validator: async (_, files: File[] | undefined) => {
              const problem = files?.[0] ? firmwareFileProblem(files[0]) : null;
              if (problem) throw new Error(t(`upload.${problem}`));
            },
          },
        ]}
      >
        <Upload beforeUpload={() => false} maxCount={1} accept=".bin,.hex">
          <Button icon={<UploadOutlined />}>{t('upload.pick')}</Button>
        </Upload>
      </Form.Item>
    </FormModal>
  );
}

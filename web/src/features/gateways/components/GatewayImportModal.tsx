import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  GATEWAY_IMPORT_AREA,
  GATEWAY_IMPORT_MAX_ROWS,
  GATEWAY_IMPORT_TEMPLATE_PATH,
  type EndpointData,
  importGateways,
  uploadExtensions,
} from '@solar/contract';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadForm } from '../../../shared/upload/PictureUpload';
import { useImportGateways } from '../api';
import { RowResultTable } from './RowResultTable';

type ImportResult = EndpointData<typeof importGateways>;
const rule = importGateways.upload;
const extensions = uploadExtensions(rule);

/** Browsers often declare no type for spreadsheets: the name and size are judged here, the content by the server. */
function isAcceptable(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return extensions.includes(extension) && file.size <= rule.maxBytes;
}

export function GatewayImportModal(props: { open: boolean; onClose: () => void }): ReactNode {
  const { t } = useTranslation('gateways');
  const { message } = App.useApp();
  const importFile = useImportGateways();
  const [result, setResult] = useState<ImportResult>();

  const close = (): void => {
    setResult(undefined);
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={t('import.title')}
      onCancel={close}
      footer={<Button onClick={close}>{t('import.close')}</Button>}
      width={760}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          {t('import.hint', { max: GATEWAY_IMPORT_MAX_ROWS, area: GATEWAY_IMPORT_AREA })}
        </Typography.Paragraph>
        <Space wrap>
          <a href={GATEWAY_IMPORT_TEMPLATE_PATH} download>
            <Button icon={<DownloadOutlined />}>{t('import.template')}</Button>
          </a>
          <Upload
            accept={[
              ...extensions.map((extension) => `.${extension}`),
              ...Object.keys(rule.types),
            ].join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              if (isAcceptable(file)) return true;
              void message.error(t('import.wrongFile'));
              return Upload.LIST_IGNORE;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              setResult(undefined);
              importFile
                .mutateAsync({ body: uploadForm(rule, file as File), loading: true })
                .then((data) => {
                  setResult(data);
                  onSuccess?.(data);
                })
                .catch((error: Error) => onError?.(error));
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={importFile.isPending}>
              {t('import.pick')}
            </Button>
          </Upload>
        </Space>
        {result && (
          <>
            <Alert
              type={result.failed === 0 ? 'success' : 'warning'}
              title={t('import.summary', { imported: result.imported, failed: result.failed })}
            />
            <RowResultTable results={result.results} />
          </>
        )}
      </Space>
    </Modal>
  );
}

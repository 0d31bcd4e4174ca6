import {
  ErrorCode,
  importRegisterMapFromProtocol,
  SETTINGS_FAMILIES,
  validationFailureData,
  type EndpointBody,
} from '@solar/contract';
import { Alert, App } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { validationMessage } from '../../../shared/forms/zod-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useImportRegisterMapFromProtocol, useModbusProtocols } from '../api';

type ImportValues = Pick<
  EndpointBody<typeof importRegisterMapFromProtocol>,
  'family' | 'protocolId' | 'name'
>;

const COLUMN_FIELD = /^columns\.(.+)$/;

/**
 * Imports an enabled Modbus protocol's columns as a family's newest register map. When the
 * server refuses columns, the dialog stays open and lists each with its reason.
 */
export function ProtocolImportModal(props: FormModalControl): ReactNode {
  const { t } = useTranslation(['registerMaps', 'validation']);
  const { message } = App.useApp();
  const protocols = useModbusProtocols();
  const importMap = useImportRegisterMapFromProtocol();
  const [refusals, setRefusals] = useState<string[]>([]);

  const refusalText = (failure: { field: string; message: string }): string => {
    const reason = validationMessage(failure.message, t);
    const column = COLUMN_FIELD.exec(failure.field)?.[1];
    return column === undefined ? reason : t('maps.refusedColumn', { column, reason });
  };

  const submit = async (values: ImportValues) => {
    setRefusals([]);
    try {
      const { map } = await importMap.mutateAsync({
        body: {
          family: values.family,
          protocolId: values.protocolId,
          name: values.name || undefined,
        },
        loading: true,
      });
      void message.success(t('maps.imported', { version: map.version, family: map.family }));
    } catch (error) {
      const failure = error instanceof ApiError && error.code === ErrorCode.validation;
      const data = failure ? validationFailureData.safeParse(error.data) : null;
      if (data?.success) setRefusals(data.data.fields.map(refusalText));
      throw error;
    }
  };

  return (
    <FormModal<ImportValues>
      {...props}
      onClose={(isSaved) => {
        setRefusals([]);
        props.onClose(isSaved);
      }}
      title={t('maps.importFromProtocol')}
      onSubmit={submit}
    >
      <FormFields<ImportValues>
        body={importRegisterMapFromProtocol.body}
        fields={[
          {
            name: 'family',
            label: t('maps.family'),
            control: {
              kind: 'select',
              options: SETTINGS_FAMILIES.map((family) => ({ value: family, label: family })),
            },
            rules: [{ required: true, message: t('validation:required') }],
          },
          {
            name: 'protocolId',
            label: t('maps.protocol'),
            control: {
              kind: 'select',
              options: (protocols.data ?? []).map((protocol) => ({
                value: protocol.id,
                label: `${protocol.name} ${protocol.version}`,
              })),
            },
            rules: [{ required: true, message: t('validation:required') }],
          },
          { name: 'name', label: t('maps.mapName'), control: { kind: 'text' } },
        ]}
      />
      <Alert type="info" showIcon message={t('maps.protocolHint')} />
      {refusals.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={t('maps.refused')}
          description={
            <ul>
              {refusals.map((refusal) => (
                <li key={refusal}>{refusal}</li>
              ))}
            </ul>
          }
        />
      )}
    </FormModal>
  );
}

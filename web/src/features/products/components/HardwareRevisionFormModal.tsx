import {
  addHardwareRevision,
  checkHardwareId,
  ErrorCode,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { takenOnBlurRule } from '../../../shared/forms/taken-on-blur-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useAddHardwareRevision } from '../api';

type RevisionValues = EndpointBody<typeof addHardwareRevision>;

/** Adds a hardware revision to a product model; a taken hardwareId shows under its field. */
export function HardwareRevisionFormModal(
  props: FormModalControl & { productId: number },
): ReactNode {
  const { productId, ...control } = props;
  const { t } = useTranslation(['products', 'validation']);
  const add = useAddHardwareRevision();
  const hardwareIdFree = takenOnBlurRule(
    checkHardwareId,
    (read) => {
      const value = read('hardwareId') as string | undefined;
      return value ? { hardwareId: value } : null;
    },
    t('hardwareExists'),
    { id: productId },
  );

  return (
    <FormModal<RevisionValues>
      {...control}
      title={t('addHardware')}
      initialValues={{ hardwareId: '', description: '' }}
      onSubmit={(values) =>
        add.mutateAsync({
          params: { id: productId },
          body: { hardwareId: values.hardwareId, description: values.description ?? '' },
          loading: true,
        })
      }
      fieldErrors={{
        field: 'hardwareId',
        messageByCode: { [ErrorCode.codeExists]: t('hardwareExists') },
      }}
    >
      <FormFields<RevisionValues>
        body={addHardwareRevision.body}
        fields={[
          {
            name: 'hardwareId',
            label: t('hardwareId'),
            control: { kind: 'text', autoComplete: 'off' },
            moreRules: [hardwareIdFree],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
          { name: 'description', label: t('description'), control: { kind: 'text' } },
        ]}
      />
    </FormModal>
  );
}

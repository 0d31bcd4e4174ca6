import { inverterAlias, type EndpointBody } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useRenameInverter } from '../api';

type AliasValues = Pick<EndpointBody<typeof inverterAlias>, 'alias'>;

/** Renames an inverter; an empty alias removes it. */
export function InverterAliasModal(
  props: FormModalControl & { inverter: { sn: string; alias: string | null } | undefined },
): ReactNode {
  const { inverter, ...control } = props;
  const { t } = useTranslation(['inverters', 'validation']);
  const rename = useRenameInverter();
  return (
    <FormModal<AliasValues>
      {...control}
      title={t('alias.title', { sn: inverter?.sn ?? '' })}
      initialValues={{ alias: inverter?.alias ?? '' }}
      onSubmit={(values) =>
        rename.mutateAsync({
          params: { sn: inverter?.sn ?? '' },
          body: { alias: values.alias.trim() },
          loading: true,
        })
      }
    >
      <FormFields<AliasValues>
        body={inverterAlias.body}
        fields={[{ name: 'alias', label: t('field.alias'), control: { kind: 'text' } }]}
      />
    </FormModal>
  );
}

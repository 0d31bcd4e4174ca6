import {
  checkProductModelCode,
  createProductModel,
  ErrorCode,
  PRODUCT_KINDS,
  PRODUCT_PHASES,
  type ProductKind,
  type ProductModel,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { takenOnBlurRule } from '../../../shared/forms/taken-on-blur-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateProductModel, useUpdateProductModel } from '../api';
import { ProductImageField } from './ProductImage';
import type { WithTextFields } from '../../../shared/forms/text-fields';

type ProductValues = WithTextFields<
  EndpointBody<typeof createProductModel>,
  'ratedPowerW' | 'phases' | 'mpptCount'
>;

/** Adds a product model, or edits its name, vendor, power, part number, phases and MPPTs. */
export function ProductModelFormModal(
  props: FormModalControl & { model: ProductModel | undefined },
): ReactNode {
  const { model, ...control } = props;
  const { t } = useTranslation(['products', 'validation']);
  const create = useCreateProductModel();
  const update = useUpdateProductModel();
  const isNew = !model;

  const save = (values: ProductValues) => {
    const details = {
      name: values.name,
      vendor: values.vendor ?? '',
      ratedPowerW: Number(values.ratedPowerW || 0),
      hardwarePartNumber: values.hardwarePartNumber ?? '',
      phases: Number(values.phases) === 3 ? (3 as const) : (1 as const),
      mpptCount: Number(values.mpptCount || 0),
    };
    if (model)
      return update.mutateAsync({ params: { id: model.id }, body: details, loading: true });
    return create.mutateAsync({
      body: { kind: values.kind, modelCode: values.modelCode, ...details },
      loading: true,
    });
  };

  const codeFree = takenOnBlurRule(
    checkProductModelCode,
    (read) => {
      const kind = read('kind') as ProductKind | undefined;
      const modelCode = read('modelCode') as string | undefined;
      return kind && modelCode ? { kind, modelCode } : null;
    },
    t('codeExists'),
  );

  return (
    <FormModal<ProductValues>
      {...control}
      title={isNew ? t('addProduct') : t('editProduct')}
      initialValues={{
        kind: model?.kind ?? 'inverter',
        modelCode: model?.modelCode ?? '',
        name: model?.name ?? '',
        vendor: model?.vendor ?? '',
        ratedPowerW: String(model?.ratedPowerW ?? 0),
        hardwarePartNumber: model?.hardwarePartNumber ?? '',
        phases: String(model?.phases ?? 1),
        mpptCount: String(model?.mpptCount ?? 0),
      }}
      onSubmit={save}
      fieldErrors={{
        field: 'modelCode',
        messageByCode: { [ErrorCode.codeExists]: t('codeExists') },
      }}
    >
      <FormFields<ProductValues>
        body={createProductModel.body}
        fields={[
          {
            name: 'kind',
            label: t('kind'),
            isShown: isNew,
            control: {
              kind: 'select',
              options: PRODUCT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            },
          },
          {
            name: 'modelCode',
            label: t('modelCode'),
            isShown: isNew,
            control: { kind: 'text', autoComplete: 'off' },
            moreRules: [codeFree],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
          { name: 'name', label: t('name'), control: { kind: 'text' } },
          { name: 'vendor', label: t('vendor'), control: { kind: 'text' } },
          {
            name: 'ratedPowerW',
            label: t('ratedPower'),
            control: { kind: 'text', inputMode: 'tel' },
          },
          { name: 'hardwarePartNumber', label: t('hardwarePartNumber'), control: { kind: 'text' } },
          {
            name: 'phases',
            label: t('phases'),
            control: {
              kind: 'select',
              options: PRODUCT_PHASES.map((phases) => ({
                value: String(phases),
                label: t(`phaseCount.${phases}`),
              })),
            },
          },
          { name: 'mpptCount', label: t('mpptCount'), control: { kind: 'text', inputMode: 'tel' } },
        ]}
      />
      {model && <ProductImageField model={model} />}
    </FormModal>
  );
}

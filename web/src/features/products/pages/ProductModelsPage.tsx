import {
  PRODUCT_KINDS,
  type ProductModel,
  type EndpointQuery,
  type listProductModels,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enableActions,
  enabledFilter,
  enabledTag,
  enableTexts,
} from '../../../shared/list-page/enable-actions';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useProductModels, useSetProductModelEnabled } from '../api';
import { HardwareRevisionsPanel } from '../components/HardwareRevisionsPanel';
import { ProductThumbnail } from '../components/ProductImage';
import { ProductModelFormModal } from '../components/ProductModelFormModal';
import type { WithTextFields } from '../../../shared/forms/text-fields';

type ProductFilters = Partial<
  WithTextFields<
    Pick<EndpointQuery<typeof listProductModels>, 'kind' | 'enabled' | 'keyword'>,
    'enabled'
  >
>;

/** The product catalogue: model codes devices report, their power, phases, MPPTs and hardware. */
export default function ProductModelsPage(): ReactNode {
  const { t } = useTranslation(['products', 'menu']);
  const list = useListState<ProductFilters>();
  const models = useProductModels({ page: list.page, size: list.size, ...list.filters });
  const setEnabled = useSetProductModelEnabled();
  const texts = enableTexts(t, 'product');

  return (
    <ListPage<ProductModel, ProductFilters>
      title={t('menu:managementProducts')}
      list={list}
      rows={models}
      rowKey={(model) => model.id}
      columns={[
        { key: 'image', title: t('image'), value: (model) => <ProductThumbnail model={model} /> },
        { key: 'kind', title: t('kind'), value: (model) => t(`kinds.${model.kind}`) },
        { key: 'modelCode', title: t('modelCode'), value: (model) => model.modelCode },
        { key: 'name', title: t('name'), value: (model) => model.name },
        { key: 'vendor', title: t('vendor'), value: (model) => model.vendor },
        { key: 'ratedPower', title: t('ratedPower'), value: (model) => model.ratedPowerW },
        {
          key: 'hardwarePartNumber',
          title: t('hardwarePartNumber'),
          value: (model) => model.hardwarePartNumber,
        },
        { key: 'phases', title: t('phases'), value: (model) => t(`phaseCount.${model.phases}`) },
        { key: 'mpptCount', title: t('mpptCount'), value: (model) => model.mpptCount },
        { key: 'status', title: t('status'), value: (model) => enabledTag(model, texts) },
      ]}
      expandedRow={(model) => <HardwareRevisionsPanel model={model} />}
      filters={[
        {
          kind: 'select',
          key: 'kind',
          label: t('kind'),
          options: PRODUCT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
        },
        enabledFilter<ProductFilters>(t('status'), texts),
        { kind: 'search', key: 'keyword', label: t('searchProducts') },
      ]}
      toolbar={[{ kind: 'create', label: t('addProduct'), permission: 'sys.product.edit' }]}
      rowActions={[
        { kind: 'edit', permission: 'sys.product.edit' },
        ...enableActions<ProductModel>({
          permission: 'sys.product.edit',
          texts,
          setEnabled: (id, enabled) =>
            setEnabled.mutateAsync({ params: { id }, body: { enabled } }),
        }),
      ]}
      renderForm={(control, model) => <ProductModelFormModal {...control} model={model} />}
    />
  );
}

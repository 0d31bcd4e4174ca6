import { Cascader } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries, useRegionsOf } from '../../api';

interface RegionOptionNode {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOptionNode[];
}

interface RegionCascaderProps {
  /** [country] or [country, region]. */
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** Country and region from the dictionary; the city, the third level, is typed beside it. */
export function RegionCascader({ value = [], onChange }: RegionCascaderProps) {
  const { t } = useTranslation('plants');
  const [opened, setOpened] = useState<string[]>(() => (value[0] ? [value[0]] : []));
  const countries = useCountries();
  const regions = useRegionsOf(opened);

  const options: RegionOptionNode[] = (countries.data ?? []).map((country) => ({
    value: country.value,
    label: country.label,
    isLeaf: country.isLeaf,
    children: regions.get(country.value)?.map((region) => ({ ...region, isLeaf: true })),
  }));

  return (
    <Cascader<RegionOptionNode>
      aria-label={t('field.region')}
      placeholder={t('edit.regionPlaceholder')}
      options={options}
      value={value}
      changeOnSelect
      showSearch
      loading={countries.isLoading}
      loadData={(selected) => {
        const country = selected[0]?.value;
        if (country && !opened.includes(country)) setOpened((list) => [...list, country]);
      }}
      onChange={(next) => onChange?.((next ?? []).map(String))}
    />
  );
}

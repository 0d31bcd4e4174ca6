import { bcp47Of } from '@solar/contract';
import { Cascader } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../shared/i18n/locale';
import { type RegionOption, useCountries, useRegionsOf } from '../../api';

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

/**
 * The countries named in the reader's language by the browser's own CLDR data
 * (`Intl.DisplayNames`), the dictionary's English name where it has none, in that
 * language's alphabetical order.
 */
export function countriesInLanguage(
  countries: readonly RegionOption[],
  language: string,
): RegionOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  return countries
    .map((country) => ({ ...country, label: names.of(country.value) ?? country.label }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** Country and region from the dictionary; the city, the third level, is typed beside it. */
export function RegionCascader({ value = [], onChange }: RegionCascaderProps) {
  const { t } = useTranslation('plants');
  const [opened, setOpened] = useState<string[]>(() => (value[0] ? [value[0]] : []));
  const countries = useCountries();
  const regions = useRegionsOf(opened);

  const language = bcp47Of(currentLocale());
  const named = useMemo(
    () => countriesInLanguage(countries.data ?? [], language),
    [countries.data, language],
  );

  const options: RegionOptionNode[] = named.map((country) => ({
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

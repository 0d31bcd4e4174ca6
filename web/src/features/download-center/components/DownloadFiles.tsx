import {
  DOWNLOAD_CATEGORIES,
  DOWNLOAD_LANGUAGES,
  type DownloadFile,
  type DownloadFileFields,
  LOCALE_NAMES,
} from '@solar/contract';
import { Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeText } from '../../../shared/format/formatters';
import { recordTimeText } from '../../exports/record-text';
import { downloadHref, useDownloadFiles } from '../api';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

const PAGE_SIZE = 20;

export function useLanguageName(): (language: DownloadFileFields['language']) => string {
  const { t } = useTranslation('public');
  return (language) =>
    language === 'all' ? t('downloadCenter.anyLanguage') : LOCALE_NAMES[language];
}

/** A clearable filter named by its placeholder. */
function FilterSelect<T extends string>(props: {
  label: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: { value: T; label: string }[];
}): ReactNode {
  return (
    <Select
      allowClear
      placeholder={props.label}
      aria-label={props.label}
      style={{ minWidth: 180 }}
      value={props.value}
      onChange={props.onChange}
      options={props.options}
    />
  );
}

/**
 * The published files with search by words, category and language, each a download link;
 * `actions` adds a column (the administrator's withdraw button).
 */
export function DownloadFiles(props: { actions?: (file: DownloadFile) => ReactNode }): ReactNode {
  const { t } = useTranslation('public');
  const languageName = useLanguageName();
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<DownloadFileFields['category']>();
  const [language, setLanguage] = useState<DownloadFileFields['language']>();
  const [page, setPage] = useState(1);
  const files = useDownloadFiles({
    page,
    size: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(category ? { category } : {}),
    ...(language ? { language } : {}),
  });
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          maxLength={60}
          placeholder={t('downloadCenter.search')}
          aria-label={t('downloadCenter.search')}
          onSearch={reset(setKeyword)}
          style={{ width: 280 }}
        />
        <FilterSelect
          label={t('downloadCenter.category')}
          value={category}
          onChange={reset(setCategory)}
          options={DOWNLOAD_CATEGORIES.map((value) => ({
            value,
            label: t(`downloadCenter.categories.${value}`),
          }))}
        />
        <FilterSelect
          label={t('downloadCenter.language')}
          value={language}
          onChange={reset(setLanguage)}
          options={DOWNLOAD_LANGUAGES.map((value) => ({ value, label: languageName(value) }))}
        />
      </Space>
      <ResponsiveTable<DownloadFile>
        size="small"
        rowKey="id"
        loading={files.isPending}
        dataSource={files.data?.infos ?? []}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: files.data?.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'title',
            title: t('downloadCenter.fileTitle'),
            render: (_, file) => (
              <a href={downloadHref(file.id)} download={file.fileName}>
                {file.title}
              </a>
            ),
          },
          {
            key: 'category',
            title: t('downloadCenter.category'),
            render: (_, file) => t(`downloadCenter.categories.${file.category}`),
          },
          {
            key: 'language',
            title: t('downloadCenter.language'),
            render: (_, file) => languageName(file.language),
          },
          {
            key: 'version',
            title: t('downloadCenter.version'),
            render: (_, f) => f.version ?? '-',
          },
          {
            key: 'size',
            title: t('downloadCenter.size'),
            render: (_, file) => sizeText(file.size),
          },
          {
            key: 'uploaded',
            title: t('downloadCenter.uploaded'),
            render: (_, file) => recordTimeText(file.uploadedAt),
          },
          ...(props.actions
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, file: DownloadFile) => props.actions?.(file),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}

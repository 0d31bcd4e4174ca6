import { type QueryCache, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { type ReactNode, useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { readerMoment } from '../format/formatters';
import { isPageStateQuery } from './offline-state';
import { useIsOnline } from './useIsOnline';

/** When the oldest answer on screen was fetched: what "as of" may honestly claim. */
function oldestShownAnswer(cache: QueryCache): number | null {
  const times = cache
    .findAll({ type: 'active', predicate: (query) => query.state.dataUpdatedAt > 0 })
    .filter(isPageStateQuery)
    .map((query) => query.state.dataUpdatedAt);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * Follows the cache, not the banner's own renders: a lazily loaded page mounts its queries after
 * the banner first showed.
 */
function useOldestShownAnswer(): number | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(subscribe, () => oldestShownAnswer(cache));
}

function OfflineBanner(): ReactNode {
  const { t } = useTranslation('common');
  const asOf = useOldestShownAnswer();
  return (
    <Alert
      type="warning"
      showIcon
      className="offline-banner"
      title={
        asOf === null
          ? t('offline.noData')
          : t('offline.asOf', { time: readerMoment(new Date(asOf).toISOString()) })
      }
    />
  );
}

/**
 * Offline, the page shows the last known state under a banner saying how old it is; requests
 * (reads and writes) wait for the connection instead of failing.
 */
export function OfflineGuard(props: { children: ReactNode }): ReactNode {
  const isOnline = useIsOnline();
  return (
    <>
      {isOnline ? null : <OfflineBanner />}
      {props.children}
    </>
  );
}

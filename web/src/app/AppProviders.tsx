import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { LoadingOverlay } from './LoadingOverlay';
import { NotifierBridge } from './NotifierBridge';
import { ThemeProvider } from './theme/ThemeProvider';

export function AppProviders(props: {
  queryClient: QueryClient;
  antdLocale?: AntdLocale;
  children: ReactNode;
}): ReactNode {
  return (
    <QueryClientProvider client={props.queryClient}>
      <ThemeProvider antdLocale={props.antdLocale}>
        <AntApp>
          <NotifierBridge />
          <LoadingOverlay />
          {props.children}
        </AntApp>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

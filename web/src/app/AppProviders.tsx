import type { Locale as AntdLocale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { LoadingOverlay } from './LoadingOverlay';
import { NotifierBridge } from './NotifierBridge';
import { ThemeProvider } from './theme/ThemeProvider';

export function AppProviders(props: { antdLocale?: AntdLocale; children: ReactNode }): ReactNode {
  return (
    <ThemeProvider antdLocale={props.antdLocale}>
      <NotifierBridge />
      <LoadingOverlay />
      {props.children}
    </ThemeProvider>
  );
}

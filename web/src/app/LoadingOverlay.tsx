import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useIsLoading } from '../shared/api/loading';

/** The per-call loading flag of section 7: a full-page spinner while any such call runs. */
export function LoadingOverlay(): ReactNode {
  return useIsLoading() ? <Spin fullscreen size="large" /> : null;
}

import { message } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { setNotifier, type ConfirmOptions } from '../shared/api/notifier';

// The dialog is rare (network failure, HTTP 500+), so its modal code loads only when needed.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/** Hands the request layer themed toasts and a themed confirm dialog. */
export function NotifierBridge(): ReactNode {
  const [messageApi, messageHolder] = message.useMessage();
  const [confirmation, setConfirmation] = useState<ConfirmOptions | null>(null);
  useEffect(
    () =>
      setNotifier({
        success: (text) => void messageApi.success(text),
        error: (text) => void messageApi.error(text),
        confirm: setConfirmation,
      }),
    [messageApi],
  );
  return (
    <>
      {messageHolder}
      {confirmation && (
        <Suspense fallback={null}>
          <ConfirmDialog options={confirmation} onClose={() => setConfirmation(null)} />
        </Suspense>
      )}
    </>
  );
}

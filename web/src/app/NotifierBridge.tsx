import { App } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { setNotifier } from '../shared/api/notifier';

/** Hands the request layer the themed, context-aware message and modal of antd's App. */
export function NotifierBridge(): ReactNode {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setNotifier({
      error: (text) => void message.error(text),
      confirm: (options) => void modal.confirm(options),
    });
  }, [message, modal]);
  return null;
}

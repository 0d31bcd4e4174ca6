import { message } from 'antd';
import { i18n } from '../i18n/i18n';

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

/**
 * How the request layer talks to the user. NotifierBridge swaps in themed versions once the
 * app mounts; these defaults (antd's static feedback, the modal loaded when first needed)
 * cover the moments before that and the tests.
 */
export interface Notifier {
  success(text: string): void;
  error(text: string): void;
  confirm(options: ConfirmOptions): void;
}

let notifier: Notifier = {
  success: (text) => void message.success(text),
  error: (text) => void message.error(text),
  confirm: (options) =>
    void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm(options)),
};

/** Swaps the notifier in; the returned function puts the one before back. */
export function setNotifier(next: Notifier): () => void {
  const previous = notifier;
  notifier = next;
  return () => {
    notifier = previous;
  };
}

/** A confirmation that survives the page that shows it (e.g. before navigating away). */
export function toastSuccess(text: string): void {
  notifier.success(text);
}

export function toastError(text: string): void {
  notifier.error(text);
}

let isNetworkDialogOpen = false;

/** Network error or HTTP ≥ 500: one confirm dialog at a time, never a pile of them. */
export function showNetworkException(): void {
  if (isNetworkDialogOpen) return;
  isNetworkDialogOpen = true;
  notifier.confirm({
    title: i18n.t('common:network.title'),
    content: i18n.t('common:network.exception'),
    okText: i18n.t('common:actions.ok'),
    cancelText: i18n.t('common:actions.cancel'),
  });
  setTimeout(() => {
    isNetworkDialogOpen = false;
  }, 1000);
}

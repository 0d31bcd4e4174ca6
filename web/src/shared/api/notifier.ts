import { message, Modal } from 'antd';
import { i18n } from '../i18n/i18n';

/**
 * How the request layer talks to the user. The shell swaps in the antd App-context versions
 * (themed); the defaults work before the shell mounts and in tests.
 */
export interface Notifier {
  error(text: string): void;
  confirm(options: { title: string; content: string; okText: string; cancelText: string }): void;
}

let notifier: Notifier = {
  error: (text) => void message.error(text),
  confirm: (options) => Modal.confirm(options),
};

export function setNotifier(next: Notifier): void {
  notifier = next;
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

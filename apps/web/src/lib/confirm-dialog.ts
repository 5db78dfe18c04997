import './antd-setup';
import { Dialog } from 'antd-mobile';
import { ensureAntdLocale } from './i18n';

ensureAntdLocale();

export type ConfirmOptions = { content: string; confirmText: string; cancelText: string };

/** Resolves true when the user confirms. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm(options);
}

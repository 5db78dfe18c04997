import './antd-setup';
import { Dialog } from 'antd-mobile';
import { ensureAntdLocale } from './i18n';
import type { ConfirmOptions } from './confirm-dialog';

ensureAntdLocale();

export function showAntdConfirm(options: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm(options);
}

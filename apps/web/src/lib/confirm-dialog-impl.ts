import './antd-setup';
import { Dialog } from 'antd-mobile';
import type { ConfirmOptions } from './confirm-dialog';

export function showAntdConfirm(options: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm(options);
}

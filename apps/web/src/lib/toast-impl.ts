import './antd-setup';
import { Toast } from 'antd-mobile';
import type { ToastIcon } from './toast';

Toast.config({ duration: 2000 });

export function showAntdToast(content: string, icon?: ToastIcon): void {
  Toast.show(icon ? { content, icon } : { content });
}

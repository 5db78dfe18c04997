import i18next from 'i18next';
import { showToast } from './toast';

/**
 * Wallet web views often lack navigator.clipboard (or refuse it outside a secure context), so an
 * off-screen textarea and execCommand('copy') stand in.
 */
function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  Object.assign(textarea.style, { position: 'fixed', top: '0', left: '0', opacity: '0', pointerEvents: 'none' });
  document.body.appendChild(textarea);
  textarea.select();
  textarea.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  textarea.remove();
  return copied;
}

export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: fall through.
    }
  }
  return copyWithTextarea(text);
}

/** Copies and says so ('Copied'). */
export async function copyWithToast(text: string): Promise<void> {
  const copied = await copyText(text);
  showToast(copied ? i18next.t('common.copied') : text);
}

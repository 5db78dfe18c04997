// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en_US } from '@wallx/shared/i18n/en_US';
import { zh_CN } from '@wallx/shared/i18n/zh_CN';
import { copyText, copyWithToast } from './copy';
import { changeLanguage, initI18n } from './i18n';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('copyText', () => {
  it('falls back to a hidden textarea and execCommand when there is no clipboard API', async () => {
    expect(navigator.clipboard).toBeUndefined();
    let copied = '';
    const execCommand = vi.fn(() => {
      copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });

    await expect(copyText('0xabc')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('0xabc');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('uses the clipboard API in a secure context', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    await expect(copyText('code')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('code');
  });

  it('reports failure when neither way works', async () => {
    Object.defineProperty(document, 'execCommand', {
      value: () => {
        throw new Error('not supported');
      },
      configurable: true,
    });
    await expect(copyText('x')).resolves.toBe(false);
  });
});

describe('copyWithToast', () => {
  /**
   * antd-mobile's Toast loads on first use, then shows one toast at a time. Its first import took
   * more than waitFor's default second on a busy machine: the wait is for the chunk, not the toast.
   */
  const expectToast = (text: string) =>
    vi.waitFor(() => expect(document.querySelector('.adm-toast-main')?.textContent).toBe(text), { timeout: 10_000 });

  beforeAll(async () => {
    await initI18n();
  });

  it('says "Copied" in the user’s language once the text is copied', async () => {
    Object.defineProperty(document, 'execCommand', { value: () => true, configurable: true });
    await copyWithToast('0xabc');
    await expectToast(en_US.common.copied);

    await changeLanguage('zh_CN');
    await copyWithToast('0xabc');
    await expectToast(zh_CN.common.copied);
    await changeLanguage('en_US');
  });

  it('shows the text itself when it could not be copied, for the user to copy by hand', async () => {
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await copyWithToast('0xdef');
    await expectToast('0xdef');
  });
});

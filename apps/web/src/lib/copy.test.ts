// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy';

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

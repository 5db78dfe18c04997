// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { en_US } from '@wallx/shared/i18n/en_US';
import { ko_KR } from '@wallx/shared/i18n/ko_KR';
import { changeLanguage, getLanguage, initI18n } from '../lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '../lib/language';
import { LanguagePicker } from './language-picker';

beforeAll(async () => {
  await initI18n();
});

afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en_US'));
  localStorage.clear();
});

/** Opens the sheet from the settings row; answers its list of languages. */
async function openSheet(): Promise<HTMLElement> {
  render(<LanguagePicker variant="row" />);
  fireEvent.click(screen.getByRole('button', { name: new RegExp(en_US.user.language) }));
  // The sheet's code arrives on first use.
  return screen.findByRole('listbox', { name: en_US.user.language });
}

describe('LanguagePicker', () => {
  it('lists the five languages, each by its own name, the current one marked', async () => {
    expect(getLanguage()).toBe('en_US');
    const sheet = await openSheet();
    const options = within(sheet).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '简体中文',
      'English',
      '한국어',
      '日本語',
      'Bahasa Indonesia',
    ]);
    expect(within(sheet).getByText('English').classList.contains('is-current')).toBe(true);
    expect(
      options.filter((option) => option.getAttribute('aria-selected') === 'true').map((option) => option.textContent),
    ).toEqual(['English']);
    expect(within(sheet).getByText('日本語').getAttribute('lang')).toBe('ja-JP');
  });

  it('switches the app to the language picked, and remembers it', async () => {
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByText('한국어'));
    await waitFor(() => expect(i18next.language).toBe('ko_KR'));
    expect(getLanguage()).toBe('ko_KR');
    expect(i18next.t('user.language')).toBe(ko_KR.user.language);
    expect(document.documentElement.lang).toBe('ko-KR');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko_KR');
    // The row now names the new language, in the new language.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: new RegExp(ko_KR.user.language) }).textContent).toContain('한국어'),
    );
  });
});

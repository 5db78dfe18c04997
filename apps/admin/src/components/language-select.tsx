import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { adminLanguageNames, adminLanguages, isAdminLanguage } from '../i18n/languages';
import { changeLanguage, useLanguage } from '../lib/i18n';

export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('app.language')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isAdminLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {adminLanguages.map((code) => (
          <option key={code} value={code} lang={code.replace('_', '-')}>
            {adminLanguageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

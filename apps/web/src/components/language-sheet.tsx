import { useTranslation } from 'react-i18next';
import { languageNames, languages } from '@wallx/shared';
import { changeLanguage, useLanguage } from '../lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '../lib/language';
import { BottomSheet } from './bottom-sheet';
import './language-sheet.css';

type Props = { visible: boolean; onClose: () => void };

/** The five languages, each in its own script; the current one marked. */
export function LanguageSheet({ visible, onClose }: Props) {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <BottomSheet visible={visible} onClose={onClose} title={t('user.language')}>
      <div className="language-sheet" role="listbox" aria-label={t('user.language')}>
        {languages.map((language) => (
          <button
            key={language}
            type="button"
            role="option"
            aria-selected={language === current}
            className={`language-sheet__option${language === current ? ' is-current' : ''}`}
            lang={language.replace('_', '-')}
            onClick={() => {
              onClose();
              if (language === current) return;
              // The server reads the choice too, and serves the page's head in it before any script
              // runs (decision 162); the page's shell script copies an older choice over (index.html).
              document.cookie = `${LANGUAGE_STORAGE_KEY}=${language};path=/;max-age=31536000;samesite=lax`;
              void changeLanguage(language);
            }}
          >
            {languageNames[language]}
          </button>
        ))}
      </div>
    </BottomSheet>
  );
}

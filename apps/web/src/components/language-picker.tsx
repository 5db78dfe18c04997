import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames } from '@wallx/shared';
import { useLanguage } from '../lib/i18n';
import { ChevronRightIcon, GlobeIcon } from './icons';

// The sheet arrives on first use, keeping it off the home page's critical path.
const LanguageSheet = lazy(() => import('./language-sheet').then((m) => ({ default: m.LanguageSheet })));

type Props = {
  /** 'icon': a round globe button for headers; 'row': a settings list row. */
  variant: 'icon' | 'row';
};

export function LanguagePicker({ variant }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const [isLoaded, setLoaded] = useState(false);

  const open = () => {
    setLoaded(true);
    setOpen(true);
  };

  return (
    <>
      {variant === 'icon' ? (
        <button
          type="button"
          className="icon-button"
          onClick={open}
          aria-label={t('user.language')}
          aria-haspopup="dialog"
        >
          <GlobeIcon />
        </button>
      ) : (
        <button type="button" className="list-row" onClick={open} aria-haspopup="dialog">
          <span className="list-row__icon">
            <GlobeIcon />
          </span>
          <span className="list-row__label">{t('user.language')}</span>
          <span className="list-row__value">{languageNames[language]}</span>
          <ChevronRightIcon className="list-row__chevron" />
        </button>
      )}
      {isLoaded && (
        <Suspense fallback={null}>
          <LanguageSheet visible={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

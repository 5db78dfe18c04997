import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { languageNames, languages, type Language } from '@wallx/shared';
import { changeLanguage, ensureAntdLocale, useLanguage } from '../lib/i18n';
import './language-sheet.css';

ensureAntdLocale();

type Props = { visible: boolean; onClose: () => void };

export function LanguageSheet({ visible, onClose }: Props) {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <ActionSheet
      visible={visible}
      onClose={onClose}
      extra={t('user.language')}
      cancelText={t('common.cancel')}
      popupClassName="language-sheet"
      actions={languages.map((language: Language) => ({
        key: language,
        text: (
          <span className={`language-sheet__option${language === current ? ' is-current' : ''}`} lang={language.replace('_', '-')}>
            {languageNames[language]}
          </span>
        ),
        onClick: () => {
          onClose();
          if (language !== current) void changeLanguage(language);
        },
      }))}
    />
  );
}

import { useId } from 'react';
import { langTextLanguages, type LangTextFields, type LangTextLanguage } from '@wallx/shared';

/** Each language in its own words: an operator who reads one of them finds its field. */
const languageNames: Record<LangTextLanguage, string> = {
  en_US: 'English',
  zh_CN: '简体中文',
  ko_KR: '한국어',
  ja_JP: '日本語',
  id_ID: 'Bahasa Indonesia',
};

type Props = {
  label: string;
  value: LangTextFields;
  onChange: (value: LangTextFields) => void;
  /** A Markdown body or a paragraph: text areas, else one-line fields. */
  rows?: number;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
};

/** One multi-language text (decision 50) as a field per language; the form builds the `lang:::text` value. */
export function LangTextInput({ label, value, onChange, rows, hint, error, disabled }: Props) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="lang-text" aria-describedby={describedBy} disabled={disabled}>
      <legend className="field__label">{label}</legend>
      {langTextLanguages.map((language) => {
        const common = {
          id: `${id}-${language}`,
          className: 'input',
          lang: language.replace('_', '-'),
          value: value[language],
          'aria-invalid': error ? true : undefined,
          onChange: (event: { target: { value: string } }) => onChange({ ...value, [language]: event.target.value }),
        };
        return (
          <div key={language} className={`lang-text__row${rows ? ' lang-text__row--long' : ''}`}>
            <label htmlFor={common.id} className="lang-text__language">
              {languageNames[language]}
            </label>
            {rows ? <textarea {...common} className="input textarea" rows={rows} /> : <input {...common} type="text" />}
          </div>
        );
      })}
      {hint && (
        <p id={`${id}-hint`} className="muted field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

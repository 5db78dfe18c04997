import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportLineQueryOptions } from './api/checkins';
import { countryOf } from './wellbeing-rules';

/**
 * Several low days in a row: a gentle offer of someone to talk to, the crisis line of the browser's
 * country (the server's default line for any other). Never a diagnosis: it names no condition.
 */
export function SupportCard() {
  const { t } = useTranslation();
  const line = useQuery(supportLineQueryOptions(countryOf(navigator.language))).data;
  return (
    <section className="card support-card" aria-labelledby="support-title" data-testid="support-card">
      <h2 className="support-card__title" id="support-title">
        {t('checkins.support_title')}
      </h2>
      <p className="support-card__text">{t('checkins.support_text')}</p>
      {line && (
        <div className="support-card__line">
          <strong className="support-card__name">{line.name}</strong>
          <div className="support-card__actions">
            {line.phone && (
              <a className="button button--primary button--small" href={`tel:${line.phone.replace(/[^\d+]/g, '')}`}>
                {t('checkins.support_call', { phone: line.phone })}
              </a>
            )}
            {line.url && (
              <a
                className="button button--ghost button--small"
                href={line.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('checkins.support_visit')}
              </a>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

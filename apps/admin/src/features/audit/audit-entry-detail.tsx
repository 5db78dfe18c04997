import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { formatTime } from '../../lib/format';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The row before and after as the server stored them, as text: a user's words inside never become markup. */
function Json({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return (
    <pre className="json">
      {value === undefined || value === null ? t('audit.nothing') : JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function AuditEntryDetail({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = isRecord(entry.detail) ? entry.detail : null;
  const hasBeforeAfter = detail !== null && ('before' in detail || 'after' in detail);
  const rest = hasBeforeAfter
    ? Object.fromEntries(Object.entries(detail).filter(([key]) => key !== 'before' && key !== 'after'))
    : null;
  return (
    <DetailPanel title={t('audit.detail_title', { id: entry.id })} onClose={onClose}>
      <dl className="facts">
        <dt>{t('audit.time')}</dt>
        <dd>{formatTime(entry.created_at)}</dd>
        <dt>{t('audit.operator')}</dt>
        <dd>
          <code>{entry.operator}</code>
        </dd>
        <dt>{t('audit.action')}</dt>
        <dd>
          <code>{entry.action}</code>
        </dd>
        <dt>{t('audit.subject')}</dt>
        <dd>
          <code>
            {entry.subject_type} {entry.subject_id}
          </code>
        </dd>
      </dl>
      {hasBeforeAfter ? (
        <>
          <div className="before-after">
            <section>
              <h3>{t('audit.before')}</h3>
              <Json value={detail.before} />
            </section>
            <section>
              <h3>{t('audit.after')}</h3>
              <Json value={detail.after} />
            </section>
          </div>
          {rest && Object.keys(rest).length > 0 && (
            <section>
              <h3>{t('audit.detail')}</h3>
              <Json value={rest} />
            </section>
          )}
        </>
      ) : (
        <section>
          <h3>{t('audit.detail')}</h3>
          <Json value={entry.detail} />
        </section>
      )}
    </DetailPanel>
  );
}

import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { formatTime } from '../../lib/format';
import { Fact } from '../../components/fact';

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
        <Fact label={t('audit.time')}>{formatTime(entry.created_at)}</Fact>
        <Fact label={t('audit.operator')} code={entry.operator} />
        <Fact label={t('audit.action')} code={entry.action} />
        <Fact label={t('audit.subject')}>
          <code>
            {entry.subject_type} {entry.subject_id}
          </code>
        </Fact>
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

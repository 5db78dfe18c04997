import { generate } from 'lean-qr';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListLoadFailed } from '../../components/list-empty';
import { QrCode } from '../../components/qr-code';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/paged-list';
import { CopyIcon, TeamIcon } from '../../components/screen-icons';
import { copyWithToast } from '../../lib/copy';
import { useShareInfo } from './api/get-share-info';
import { PosterButton } from './poster-sheet';
import { LinkIcon } from './team-icons';
import '../../components/card-list.css';
import '../../components/summary-card.css';
import './share-screen.css';
import './join-screen.css';
import './team-screen.css';

function CopyField({
  label,
  value,
  copyLabel,
  isCode = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  isCode?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="share-field">
      <span className="share-field__label">{label}</span>
      <div className="share-field__row">
        <span
          className={isCode ? 'share-field__code' : 'share-field__link'}
          data-testid={isCode ? 'share-code' : 'share-link'}
        >
          {value}
        </span>
        <button
          type="button"
          className="button button--ghost button--small share-field__copy"
          onClick={() => void copyWithToast(value)}
          aria-label={copyLabel}
        >
          <CopyIcon />
          {t('common.copy')}
        </button>
      </div>
    </div>
  );
}

function ShareSkeleton() {
  const { t } = useTranslation();
  return (
    <section
      className="summary-card share-card"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="share-skeleton"
    >
      <span className="shimmer share-skeleton share-skeleton--qr" />
      <span className="shimmer share-skeleton share-skeleton--line" />
      <span className="shimmer share-skeleton share-skeleton--field" />
      <span className="shimmer share-skeleton share-skeleton--field" />
    </section>
  );
}

function ShareCard({ shareCode, link }: { shareCode: string; link: string }) {
  const { t } = useTranslation();
  const qr = useMemo(() => generate(link), [link]);
  return (
    <>
      <section className="summary-card share-card">
        <div className="share-card__qr">
          <QrCode qr={qr} label={t('team.qr_label')} className="share-qr" testId="invite-qr" />
        </div>
        <p className="share-card__hint">{t('team.scan_hint')}</p>
        <CopyField label={t('team.my_code')} value={shareCode} copyLabel={t('team.copy_code')} isCode />
        <CopyField label={t('team.my_link')} value={link} copyLabel={t('team.copy_link')} />
      </section>
      <div className="share-actions">
        <PosterButton qr={qr} shareCode={shareCode} link={link} />
      </div>
    </>
  );
}

export function ShareScreen() {
  const { t } = useTranslation();
  const info = useShareInfo();
  useErrorToast(info.error);
  const teamLink = (
    <Link to="/team" className="icon-button icon-button--plain team-header-link" aria-label={t('team.to_team')}>
      <TeamIcon />
    </Link>
  );
  return (
    <div className="screen share">
      <PageHeader title={t('user.share')} end={teamLink} />
      <p className="share-lead">
        <LinkIcon />
        {t('team.share_lead')}
      </p>
      {info.data ? (
        <ShareCard shareCode={info.data.share_code} link={info.data.link} />
      ) : info.isPending ? (
        <ShareSkeleton />
      ) : (
        <ListLoadFailed text={t('team.share_load_failed')} className="team-empty" onRetry={() => void info.refetch()} />
      )}
    </div>
  );
}

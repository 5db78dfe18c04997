import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorCatalog, type UserInfo, ApiError } from '@wallx/shared';
import { AddressAvatar } from '../../components/address-avatar';
import { LogoMark } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { CheckIcon, InfoIcon } from '../../components/screen-icons';
import { refereeOf, storeReferee } from '../../lib/referee';
import { forgetReferee, readReferee } from '../../lib/referee-store';
import { isLoggedIn, session, useSession } from '../../lib/session-store';
import { useInviter } from './api/get-inviter';
import { joinOutcome, type JoinOutcome } from './join-outcome';
import { AlertIcon, UsersPlusIcon } from './team-icons';
import '../../components/summary-card.css';
import './share-screen.css';
import './join-screen.css';
import './team-screen.css';

/** What the link's code turned out to be. */
type Invite =
  | { kind: 'loading' }
  | { kind: 'found'; owner: string }
  | { kind: 'unknown' }
  | { kind: 'missing' }
  | { kind: 'failed' };

function useInvite(code: string | null): { invite: Invite; retry: () => void } {
  const query = useInviter(code);
  const retry = () => void query.refetch();
  if (code === null) return { invite: { kind: 'missing' }, retry };
  if (query.data) return { invite: { kind: 'found', owner: query.data.address }, retry };
  if (query.error instanceof ApiError && query.error.code === errorCatalog.share_code_unknown.code)
    return { invite: { kind: 'unknown' }, retry };
  return { invite: query.isPending ? { kind: 'loading' } : { kind: 'failed' }, retry };
}

function Notice({
  icon,
  tone,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  tone: 'good' | 'info' | 'warn';
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`join-notice join-notice--${tone}`}>
      <span className="join-notice__icon">{icon}</span>
      <div className="join-notice__main">
        <h2 className="join-notice__title">{title}</h2>
        {text && <p className="join-notice__text">{text}</p>}
        {children}
      </div>
    </div>
  );
}

function InviteCard({ invite, onRetry }: { invite: Invite; onRetry: () => void }) {
  const { t } = useTranslation();
  switch (invite.kind) {
    case 'loading':
      return (
        <section className="summary-card join-card" aria-busy="true" aria-label={t('common.loading')}>
          <span className="shimmer join-skeleton join-skeleton--avatar" />
          <span className="shimmer join-skeleton join-skeleton--line" />
          <span className="shimmer join-skeleton join-skeleton--short" />
        </section>
      );
    case 'found':
      return (
        <section className="summary-card join-card join-card--found" aria-label={t('team.join.invited_by')}>
          <AddressAvatar address={invite.owner} size="calc(56 * var(--px))" />
          <span className="join-card__label">{t('team.join.invited_by')}</span>
          <strong className="join-card__address" data-testid="inviter-address">
            {invite.owner}
          </strong>
          <p className="join-card__text">{t('team.join.invites_you')}</p>
        </section>
      );
    case 'unknown':
      return (
        <section className="summary-card join-card" role="alert">
          <Notice
            icon={<AlertIcon />}
            tone="warn"
            title={t('team.join.unknown_code')}
            text={t('team.join.unknown_code_text')}
          />
        </section>
      );
    case 'missing':
      return (
        <section className="summary-card join-card">
          <Notice icon={<InfoIcon />} tone="info" title={t('team.join.no_code')} text={t('team.join.no_code_text')} />
        </section>
      );
    case 'failed':
      return (
        <section className="summary-card join-card" role="alert">
          <Notice icon={<AlertIcon />} tone="warn" title={t('team.join.lookup_failed')}>
            <button type="button" className="button button--ghost button--small join-notice__retry" onClick={onRetry}>
              {t('common.retry')}
            </button>
          </Notice>
        </section>
      );
  }
}

const outcomeLooks = {
  joined: { tone: 'good', title: 'team.join.joined', text: 'team.join.joined_text' },
  already_invited: { tone: 'info', title: 'team.join.already_invited', text: 'team.join.already_invited_text' },
  too_late: { tone: 'info', title: 'team.join.too_late', text: 'team.join.too_late_text' },
  own_code: { tone: 'info', title: 'team.join.own_code', text: 'team.join.own_code_text' },
  no_inviter: { tone: 'info', title: 'team.join.no_inviter', text: 'team.join.no_inviter_text' },
} as const;

function OutcomeCard({ outcome }: { outcome: JoinOutcome }) {
  const { t } = useTranslation();
  const look = outcomeLooks[outcome.kind];
  const address = 'inviter' in outcome ? outcome.inviter : '';
  return (
    <section className="join-outcome" role="status" data-outcome={outcome.kind}>
      <Notice
        icon={outcome.kind === 'joined' ? <CheckIcon /> : <InfoIcon />}
        tone={look.tone}
        title={t(look.title, { address })}
        text={t(look.text, { address })}
      />
      {/* A newcomer's next step is a miner: the first way on, over the wallet and inviting. */}
      <Link to="/mines" className="button button--primary button--block join-outcome__lead">
        {t('team.join.to_miners')}
      </Link>
      <div className="join-outcome__actions">
        <Link to="/user" className="button button--ghost">
          {t('team.join.to_wallet')}
        </Link>
        <Link to="/share" className="button button--ghost">
          {t('team.join.to_share')}
        </Link>
      </div>
    </section>
  );
}

function ConnectBlock({ invite, code, onConnect }: { invite: Invite; code: string | null; onConnect: () => void }) {
  const { t } = useTranslation();
  const isInvited = invite.kind === 'found';
  return (
    <section className="join-connect">
      <button type="button" className="button button--primary button--block" onClick={onConnect}>
        <UsersPlusIcon />
        {isInvited ? t('team.join.connect') : t('team.join.connect_plain')}
      </button>
      {isInvited && code && <p className="join-connect__tip">{t('team.join.connect_tip')}</p>}
    </section>
  );
}

/**
 * Keeps the code for the login the connect dialog makes (main.tsx stored it when the app opened
 * on this link; an in-app visit needs it now). An unknown code is dropped, so the login is sent
 * without a referee rather than with one the server would ignore.
 */
function keepCodeFor(invite: Invite, code: string | null): void {
  if (invite.kind === 'unknown') forgetReferee();
  else if (code !== null) storeReferee(code);
}

export function JoinScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  // Without a code in the link, the one kept from an earlier invite link is the one a login sends.
  const code = useMemo(() => refereeOf(search) ?? readReferee(), [search]);
  const { invite, retry } = useInvite(code);
  const user: UserInfo | null = useSession((s) => (isLoggedIn(s) ? s.userinfo : null));
  const firstLogin = useSession((s) => s.firstLogin);
  const [connectedHere, setConnectedHere] = useState(false);

  const connect = () => {
    keepCodeFor(invite, code);
    setConnectedHere(true);
    session.openConnectBox();
  };

  const isInviteSettled = invite.kind !== 'loading';
  const outcome =
    user && isInviteSettled
      ? joinOutcome({
          user,
          codeOwner: invite.kind === 'found' ? invite.owner : null,
          firstLoginHere: connectedHere && firstLogin,
        })
      : null;

  return (
    <div className="screen join">
      <PageHeader title={t('screen.join')} />
      <section className="join-hero">
        <LogoMark size="calc(64 * var(--px))" className="join-hero__logo" />
        <h2 className="join-hero__name">WALLX</h2>
        <p className="join-hero__tagline">{t('home.tagline')}</p>
      </section>
      <InviteCard invite={invite} onRetry={retry} />
      {outcome ? (
        <OutcomeCard outcome={outcome} />
      ) : (
        !user && <ConnectBlock invite={invite} code={code} onConnect={connect} />
      )}
      <section className="join-about">
        <h2 className="join-about__title">{t('team.join.about_title')}</h2>
        <p className="join-about__text">{t('team.join.about_text')}</p>
      </section>
    </div>
  );
}

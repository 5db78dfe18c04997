import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  assets,
  errorCatalog,
  formatDate,
  formatNumber,
  shortAddress,
  type TeamMember,
  type TeamSummary,
  ApiError,
} from '@wallx/shared';
import { AddressAvatar } from '../../components/address-avatar';
import { assetIcons } from '../../components/asset-icons';
import { CardStat, CardStats } from '../../components/card-parts';
import { ChevronRightIcon } from '../../components/icons';
import { ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { PagedList, useErrorToast } from '../../components/paged-list';
import { useAccountKey } from '../../lib/account-query';
import { useTeamMembers } from './api/get-team-members';
import { useTeamSummary } from './api/get-team-summary';
import { EmptyState, teamListLook } from './team-list';
import { memberTeamPath, teamTarget } from './team-target';
import { AlertIcon } from './team-icons';
import '../../components/status-screen.css';
import '../../components/summary-card.css';
import './share-screen.css';
import './join-screen.css';
import './team-screen.css';

const periods = ['today', 'last_7_days', 'all_time'] as const;

function isNotInTeam(error: Error | null): boolean {
  return error instanceof ApiError && error.code === errorCatalog.team_member_not_found.code;
}

function Amount({ value, asset }: { value: string; asset: string }) {
  return (
    <span className="team-amount">
      {formatNumber(value)} <small>{asset}</small>
    </span>
  );
}

function SummaryHead({
  address,
  isOwn,
  summary,
}: {
  address: string;
  isOwn: boolean;
  summary: TeamSummary | undefined;
}) {
  const { t } = useTranslation();
  const inviter = summary?.inviter;
  return (
    <section className="summary-card team-head" aria-label={t('team.summary')} aria-busy={!summary}>
      <div className="team-head__who">
        <AddressAvatar address={address} size="calc(44 * var(--px))" />
        <div className="team-head__main">
          <span className="team-head__address" title={address} data-address={address}>
            {shortAddress(address)}
          </span>
          <span className="team-head__inviter">
            {t(isOwn ? 'team.my_inviter' : 'team.their_inviter')}{' '}
            <strong data-testid="team-inviter">
              {summary ? (inviter ? shortAddress(inviter) : t('team.no_inviter')) : '–'}
            </strong>
          </span>
        </div>
      </div>
      <dl className="summary-stats team-head__stats">
        <div>
          <dt>{t('team.direct_count')}</dt>
          <dd data-testid="team-direct-count">{summary?.direct_count ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('team.team_size')}</dt>
          <dd data-testid="team-size">{summary?.team_size ?? '–'}</dd>
        </div>
      </dl>
    </section>
  );
}

function PerformanceCard({ summary }: { summary: TeamSummary | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="team-perf" aria-labelledby="team-perf-title">
      <h2 className="team-perf__title" id="team-perf-title">
        {t('team.performance')}
      </h2>
      <table className="team-perf__table">
        <thead>
          <tr>
            <td />
            {assets.map((asset) => {
              const AssetIcon = assetIcons[asset];
              return (
                <th key={asset} scope="col">
                  <AssetIcon className="team-perf__icon" />
                  {asset}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={period}>
              <th scope="row">{t(`team.period.${period}`)}</th>
              {assets.map((asset) => {
                const key = asset === 'USDT' ? 'usdt' : 'wallx';
                return (
                  <td key={asset} data-testid={`performance-${period}-${key}`}>
                    {summary ? (
                      formatNumber(summary.performance[period][key])
                    ) : (
                      <span className="shimmer team-skeleton team-skeleton--cell" />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {summary && <p className="team-perf__note">{t('team.performance_note', { day: summary.today })}</p>}
    </section>
  );
}

function MemberCard({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  return (
    <Link to={memberTeamPath(member.address)} className="list-card team-member" data-member={member.address}>
      <div className="team-member__head">
        <AddressAvatar address={member.address} size="calc(38 * var(--px))" />
        <div className="team-member__main">
          <h3 className="team-member__address" title={member.address}>
            {shortAddress(member.address)}
          </h3>
          <time className="team-member__joined" dateTime={member.joined_at}>
            {t('team.joined_on', { date: formatDate(member.joined_at, 'Y-m-d') })}
          </time>
        </div>
        <ChevronRightIcon className="team-member__chevron" />
      </div>
      <CardStats className="team-stats">
        <CardStat label={t('team.member_direct')} testId="member-direct">
          {member.direct_count}
        </CardStat>
        <CardStat label={t('team.member_team')} testId="member-team-size">
          {member.team_size}
        </CardStat>
        <CardStat label={t('team.member_performance')} testId="member-performance">
          <Amount value={member.performance.usdt} asset="USDT" />
          <Amount value={member.performance.wallx} asset="WALLX" />
        </CardStat>
      </CardStats>
    </Link>
  );
}

/** A member that is not in the account's team (the server's 404) or a link without an address. */
function NotInTeam() {
  const { t } = useTranslation();
  return (
    <section className="status-screen team-missing" role="alert">
      <span className="team-missing__icon" aria-hidden="true">
        <AlertIcon />
      </span>
      <h2 className="status-screen__title">{t('team.not_in_team')}</h2>
      <p className="status-screen__text">{t('team.not_in_team_text')}</p>
      <Link to="/team" className="button button--primary" replace>
        {t('team.back_to_team')}
      </Link>
    </section>
  );
}

function TeamView({ of }: { of: string | undefined }) {
  const { t } = useTranslation();
  const account = useAccountKey();
  const summary = useTeamSummary(of);
  const members = useTeamMembers(of);
  const isMissing = isNotInTeam(summary.error) || isNotInTeam(members.error);
  useErrorToast(isMissing ? null : summary.error);
  if (isMissing) return <NotInTeam />;

  const address = of ?? account;
  return (
    <>
      {summary.error && !summary.data ? (
        <ListLoadFailed
          text={t('team.summary_failed')}
          className="team-empty team-empty--summary"
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <>
          <SummaryHead address={address} isOwn={of === undefined} summary={summary.data} />
          <PerformanceCard summary={summary.data} />
        </>
      )}
      <h2 className="team-section-title">
        {of ? t('team.members_of', { address: shortAddress(of) }) : t('team.members')}
      </h2>
      <PagedList
        look={teamListLook}
        query={members}
        label={t('team.members')}
        itemKey={(member) => member.address}
        onRefresh={() =>
          Promise.all([members.refetch({ throwOnError: true }), summary.refetch({ throwOnError: true })])
        }
        renderItem={(member) => <MemberCard member={member} />}
        empty={
          of ? (
            <EmptyState title={t('team.empty_member')} text={t('team.empty_member_text')} />
          ) : (
            <EmptyState
              title={t('team.empty')}
              text={t('team.empty_text')}
              action={
                <Link to="/share" className="button button--primary">
                  {t('user.share')}
                </Link>
              }
            />
          )
        }
      />
    </>
  );
}

export function TeamScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const account = useAccountKey();
  const target = teamTarget(params.get('of'), account);
  const isOwn = target.kind === 'team' && target.of === undefined;
  return (
    <div className="screen team">
      <PageHeader title={isOwn ? t('user.team') : t('team.member_title')} />
      {target.kind === 'team' ? <TeamView key={target.of ?? 'me'} of={target.of} /> : <NotInTeam />}
    </div>
  );
}

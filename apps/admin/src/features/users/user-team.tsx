import { useTranslation } from 'react-i18next';
import type { OperatorUserDetail } from '@wallx/shared';
import { addressColumn, DataTable, timeColumn } from '../../components/data-table';

type Member = OperatorUserDetail['team']['members'][number];
import { Fact } from '../../components/fact';

/** The team as the app shows it to the user: everyone below, and the first page of direct invitees. */
export function UserTeam({ team }: { team: OperatorUserDetail['team'] }) {
  const { t } = useTranslation();
  const { last_7_days: week, all_time: all } = team.performance;
  return (
    <section aria-label={t('users.tab_team')}>
      <dl className="counts">
        <div className="counts__item">
          <Fact label={t('users.direct_count')}>{team.direct_count}</Fact>
        </div>
        <div className="counts__item">
          <Fact label={t('users.team_size')}>{team.team_size}</Fact>
        </div>
      </dl>
      <dl className="facts">
        <Fact label={t('users.performance_week')}>
          <code>{week.usdt}</code> USDT · <code>{week.wallx}</code> WALLX
        </Fact>
        <Fact label={t('users.performance_all')}>
          <code>{all.usdt}</code> USDT · <code>{all.wallx}</code> WALLX
        </Fact>
      </dl>
      <h3>{t('users.direct_members')}</h3>
      {team.members.length === 0 ? (
        <p className="muted">{t('users.no_members')}</p>
      ) : (
        <div className="table-scroll">
          <DataTable
            compact
            rows={team.members}
            rowKey={(member) => member.address}
            columns={[
              addressColumn(t('users.address'), (member: Member) => member.address),
              timeColumn(t('users.joined'), (member: Member) => member.joined_at),
              { header: t('users.team_size'), num: true, cell: (member) => member.team_size },
              {
                header: t('users.performance_all'),
                num: true,
                className: 'nowrap',
                cell: (member) => `${member.performance.usdt} USDT`,
              },
            ]}
          />
        </div>
      )}
      {team.members.length < team.direct_count && (
        <p className="muted">{t('users.members_more', { shown: team.members.length, count: team.direct_count })}</p>
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { shortAddress, type OperatorUserDetail } from '@wallx/shared';
import { formatTime } from '../../lib/format';

/** The team as the app shows it to the user: everyone below, and the first page of direct invitees. */
export function UserTeam({ team }: { team: OperatorUserDetail['team'] }) {
  const { t } = useTranslation();
  const { last_7_days: week, all_time: all } = team.performance;
  return (
    <section aria-label={t('users.tab_team')}>
      <dl className="counts">
        <div className="counts__item">
          <dt>{t('users.direct_count')}</dt>
          <dd>{team.direct_count}</dd>
        </div>
        <div className="counts__item">
          <dt>{t('users.team_size')}</dt>
          <dd>{team.team_size}</dd>
        </div>
      </dl>
      <dl className="facts">
        <dt>{t('users.performance_week')}</dt>
        <dd>
          <code>{week.usdt}</code> USDT · <code>{week.wallx}</code> WALLX
        </dd>
        <dt>{t('users.performance_all')}</dt>
        <dd>
          <code>{all.usdt}</code> USDT · <code>{all.wallx}</code> WALLX
        </dd>
      </dl>
      <h3>{t('users.direct_members')}</h3>
      {team.members.length === 0 ? (
        <p className="muted">{t('users.no_members')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table table--compact">
            <thead>
              <tr>
                <th scope="col">{t('users.address')}</th>
                <th scope="col">{t('users.joined')}</th>
                <th scope="col" className="num">
                  {t('users.team_size')}
                </th>
                <th scope="col" className="num">
                  {t('users.performance_all')}
                </th>
              </tr>
            </thead>
            <tbody>
              {team.members.map((member) => (
                <tr key={member.address}>
                  <td>
                    <code title={member.address}>{shortAddress(member.address, 12)}</code>
                  </td>
                  <td className="nowrap">{formatTime(member.joined_at)}</td>
                  <td className="num">{member.team_size}</td>
                  <td className="num nowrap">{member.performance.usdt} USDT</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {team.members.length < team.direct_count && (
        <p className="muted">{t('users.members_more', { shown: team.members.length, count: team.direct_count })}</p>
      )}
    </section>
  );
}

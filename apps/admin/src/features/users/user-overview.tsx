import { useTranslation } from 'react-i18next';
import {
  formatNumber,
  langText,
  minerStates,
  roleCan,
  type OperatorRole,
  type OperatorUserDetail,
} from '@wallx/shared';
import { formatTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { ValidatorForm } from './validator-form';

type Props = { detail: OperatorUserDetail; role: OperatorRole };

export function UserOverview({ detail, role }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user, last_freeze: lastFreeze } = detail;
  return (
    <>
      <dl className="facts">
        <dt>{t('users.address')}</dt>
        <dd>
          <code className="break">{user.address}</code>
        </dd>
        <dt>{t('users.id')}</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
        <dt>{t('users.share_code')}</dt>
        <dd>
          <code>{user.share_code}</code>
        </dd>
        <dt>{t('users.joined')}</dt>
        <dd>{formatTime(user.created_at)}</dd>
        <dt>{t('users.inviter')}</dt>
        <dd>
          {user.inviter ? (
            <code className="break">{user.inviter}</code>
          ) : (
            <span className="muted">{t('users.none')}</span>
          )}
        </dd>
        <dt>{t('users.region')}</dt>
        <dd>
          {detail.region ? (
            `${detail.region.country} · ${detail.region.province}`
          ) : (
            <span className="muted">{t('users.no_region')}</span>
          )}
        </dd>
        <dt>{t('users.last_freeze')}</dt>
        <dd>
          {lastFreeze ? (
            <>
              {t(lastFreeze.frozen ? 'users.frozen_by' : 'users.unfrozen_by', {
                time: formatTime(lastFreeze.at),
                operator: lastFreeze.operator,
              })}
              <span className="message-text freeze-reason">{lastFreeze.reason}</span>
            </>
          ) : (
            <span className="muted">{t('users.never_frozen')}</span>
          )}
        </dd>
      </dl>

      <section>
        <h3>{t('users.balances')}</h3>
        <div className="table-scroll">
          <table className="table table--compact">
            <thead>
              <tr>
                <th scope="col">{t('users.asset')}</th>
                <th scope="col" className="num">
                  {t('users.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.balances.map((row) => (
                <tr key={row.asset}>
                  <td>{row.asset}</td>
                  {/* The exact ledger value, all decimals, with the grouped figure as its title. */}
                  <td className="num" title={formatNumber(row.balance, 18)}>
                    <code>{row.balance}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section>
        <h3>{t('users.miners')}</h3>
        <dl className="counts">
          {minerStates.map((state) => (
            <div key={state} className="counts__item">
              <dt>{t(`users.miner_${state}`)}</dt>
              <dd>{detail.miners[state]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section>
        <h3>{t('users.validator_points')}</h3>
        {detail.validator_points.length > 0 ? (
          <ul className="plain-list">
            {detail.validator_points.map((point) => (
              <li key={point.id}>{langText(point.name, language)}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('users.not_a_validator')}</p>
        )}
        {roleCan(role, 'support') && <ValidatorForm user={user} current={detail.validator_points.map((p) => p.id)} />}
      </section>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import {
  formatNumber,
  langText,
  minerStates,
  roleCan,
  type OperatorRole,
  type OperatorUserDetail,
} from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { formatTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { ValidatorForm } from './validator-form';
import { Fact } from '../../components/fact';

type Props = { detail: OperatorUserDetail; role: OperatorRole };

export function UserOverview({ detail, role }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user, last_freeze: lastFreeze } = detail;
  return (
    <>
      <dl className="facts">
        <Fact label={t('users.address')}>
          <code className="break">{user.address}</code>
        </Fact>
        <Fact label={t('users.id')} code={user.id} />
        <Fact label={t('users.share_code')} code={user.share_code} />
        <Fact label={t('users.joined')}>{formatTime(user.created_at)}</Fact>
        <Fact label={t('users.inviter')}>
          {user.inviter ? (
            <code className="break">{user.inviter}</code>
          ) : (
            <span className="muted">{t('users.none')}</span>
          )}
        </Fact>
        <Fact label={t('users.region')}>
          {detail.region ? (
            `${detail.region.country} · ${detail.region.province}`
          ) : (
            <span className="muted">{t('users.no_region')}</span>
          )}
        </Fact>
        <Fact label={t('users.last_freeze')}>
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
        </Fact>
      </dl>

      <section>
        <h3>{t('users.balances')}</h3>
        <div className="table-scroll">
          <DataTable
            compact
            rows={detail.balances}
            rowKey={(row) => row.asset}
            columns={[
              { header: t('users.asset'), cell: (row) => row.asset },
              // The exact ledger value, all decimals, with the grouped figure as its title.
              {
                header: t('users.balance'),
                num: true,
                cell: (row) => <code title={formatNumber(row.balance, 18)}>{row.balance}</code>,
              },
            ]}
          />
        </div>
      </section>

      <section>
        <h3>{t('users.miners')}</h3>
        <dl className="counts">
          {minerStates.map((state) => (
            <div key={state} className="counts__item">
              <Fact label={t(`users.miner_${state}`)}>{detail.miners[state]}</Fact>
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

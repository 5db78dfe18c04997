import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan, shortAddress, type OperatorRole } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { QueryError } from '../../components/table-footer';
import { useUser } from './api/get-user';
import { FreezeDialog } from './freeze-dialog';
import { UserMiners } from './user-miners';
import { UserOverview } from './user-overview';
import { UserRecords } from './user-records';
import { UserTeam } from './user-team';
import { DoneNotice } from '../../components/form-parts';
import { Segmented } from '../../components/segmented';

const tabs = ['overview', 'records', 'miners', 'team'] as const;
type Tab = (typeof tabs)[number];

type Props = { id: string; role: OperatorRole; onClose: () => void };

export function UserDetail({ id, role, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useUser(id);
  const [tab, setTab] = useState<Tab>('overview');
  const [isFreezing, setIsFreezing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const user = detail.data?.user;

  return (
    <DetailPanel title={user ? shortAddress(user.address, 14) : t('users.user_title', { id })} onClose={onClose}>
      {detail.isError && <QueryError error={detail.error} retry={() => void detail.refetch()} />}
      {detail.isPending && <p className="muted">{t('table.loading')}</p>}
      {detail.data && user && (
        <>
          <div className="user-head">
            <span className={`status status--${user.is_frozen ? 'frozen' : 'active'}`}>
              {user.is_frozen ? t('users.frozen') : t('users.active')}
            </span>
            {user.is_validator && <span className="badge">{t('users.validator')}</span>}
            <span className="user-head__spacer" />
            {roleCan(role, 'users') && (
              <button
                type="button"
                className={`button button--small${user.is_frozen ? '' : ' button--danger'}`}
                onClick={() => {
                  setDone(null);
                  setIsFreezing(true);
                }}
              >
                {user.is_frozen ? t('users.unfreeze') : t('users.freeze')}
              </button>
            )}
          </div>
          {done && <DoneNotice>{done}</DoneNotice>}
          <Segmented
            label={t('users.sections')}
            options={tabs.map((name) => ({ value: name, label: t(`users.tab_${name}`) }))}
            value={tab}
            onChange={setTab}
          />
          {tab === 'overview' && <UserOverview detail={detail.data} role={role} />}
          {tab === 'records' && <UserRecords id={id} />}
          {tab === 'miners' && <UserMiners id={id} counts={detail.data.miners} />}
          {tab === 'team' && <UserTeam team={detail.data.team} />}
          {isFreezing && (
            <FreezeDialog
              user={user}
              onClose={() => setIsFreezing(false)}
              onDone={(updated) => {
                setIsFreezing(false);
                setDone(updated.is_frozen ? t('users.frozen_done') : t('users.unfrozen_done'));
              }}
            />
          )}
        </>
      )}
    </DetailPanel>
  );
}

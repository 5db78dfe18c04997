import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from './session-store';
import { showToast } from './toast';
import { useUserInfo } from './user-info';
import type { FundPasswordState } from './return-to';

export type FundPasswordGate = 'checking' | 'ready' | 'missing';

/**
 * Transfers need a fund password (spec §5). Without one the user is sent to /fpassword, which
 * brings them back here. A stored "not set" may be stale (set in another tab), so that verdict waits
 * for fresh user info; if it cannot be had, the form shows and the server judges.
 */
export function useFundPasswordGate(returnTo: string): FundPasswordGate {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const hasStored = useSession((s) => s.userinfo?.has_fund_password === true);

  let gate: FundPasswordGate = 'checking';
  if (hasStored || userInfo.isError) gate = 'ready';
  else if (userInfo.isSuccess && !userInfo.isFetching)
    gate = userInfo.data.userinfo.has_fund_password ? 'ready' : 'missing';

  const hasLeft = useRef(false);
  useEffect(() => {
    if (gate !== 'missing' || hasLeft.current) return;
    hasLeft.current = true;
    showToast(t('errors.fund_password_not_set'));
    const state: FundPasswordState = { returnTo };
    void navigate('/fpassword', { replace: true, state });
  }, [gate, navigate, returnTo, t]);

  return gate;
}

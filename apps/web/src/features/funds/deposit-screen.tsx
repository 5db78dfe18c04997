import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type Asset, type Deposit, type DepositConfig } from '@wallx/shared';
import { AssetPicker } from '../../components/asset-picker';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { getEthereum } from '../../lib/ethereum';
import { restoreChosenWallet } from '../../lib/wallet-discovery';
import { useWalletTexts } from '../../lib/wallet-texts';
import type { MessageKey } from '../../lib/message-key';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useAccountKey } from '../../lib/account-query';
import { useForm, type FieldError } from '../../lib/use-form';
import { invalidateDomains, MONEY_DOMAINS } from '../../lib/query-keys';
import { useDepositAddress } from './api/get-deposit-address';
import { useDepositConfig } from './api/get-deposit-config';
import { useDeposits } from './api/get-deposits';
import { fundsKeys } from './api/keys';
import { isDepositFinal, useDepositReport, type DepositReport } from './api/report-deposit';
import { InfoIcon } from './chain-icons';
import { ConfigFailedNotice, HistorySection, StatusBadge, TxLink, type BadgeTone } from './chain-ui';
import { DepositAddressCard } from './deposit-address-card';
import { depositAmountError, toBaseUnits } from './deposit-rules';
import { networkName } from './network-name';
import {
  ChainSwitchUnsupportedError,
  sendTokenTransfer,
  switchToChain,
  transferErrorKey,
  watchToken,
} from './wallet-transfer';
import '../../components/funds-form.css';
import './chain.css';

const depositTone: Record<Deposit['status'], BadgeTone> = {
  pending: 'progress',
  confirming: 'progress',
  credited: 'success',
  failed: 'danger',
  invalid: 'danger',
};

const knownReasons = new Set(['reverted', 'not_a_deposit', 'other_sender', 'credited_elsewhere']);

function reasonKey(deposit: Deposit): MessageKey {
  const reason = deposit.reason ?? '';
  return knownReasons.has(reason) ? (`chain.reason.${reason}` as MessageKey) : 'chain.deposit_failed';
}

function DepositProgress({
  deposit,
  report,
  explorerUrl,
}: {
  deposit: Deposit | undefined;
  report: DepositReport;
  explorerUrl: string | null;
}) {
  const { t } = useTranslation();
  const status = deposit?.status ?? 'pending';
  let line: string;
  if (status === 'credited') line = t('chain.deposit_success');
  else if (status === 'failed' || status === 'invalid')
    line = deposit ? t(reasonKey(deposit)) : t('chain.deposit_failed');
  else if (status === 'confirming' && deposit)
    line = t('chain.confirming', { count: deposit.confirmations, total: deposit.required_confirmations });
  else line = t('chain.waiting');
  return (
    <section className="tx-card card" aria-live="polite" data-testid="deposit-progress">
      <div className="tx-card__head">
        <h2 className="tx-card__title">{t('chain.tx_title')}</h2>
        <StatusBadge tone={depositTone[status]} status={status}>
          {t(`chain.deposit_status.${status}`)}
        </StatusBadge>
      </div>
      <p className="tx-card__row">
        <span className="tx-card__label">{t('chain.tx_hash')}</span>
        <TxLink hash={report.tx_hash} explorerUrl={explorerUrl} />
      </p>
      <p className={`tx-card__status tx-card__status--${depositTone[status]}`} data-testid="deposit-status">
        {!isDepositFinal(status) && <span className="tx-card__spinner" aria-hidden="true" />}
        {line}
      </p>
    </section>
  );
}

function DepositItem({ deposit, explorerUrl }: { deposit: Deposit; explorerUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="chain-item" data-tx={deposit.tx_hash}>
      <div className="chain-item__line">
        <span className={`chain-item__amount${deposit.amount === null ? ' chain-item__amount--unknown' : ''}`}>
          {deposit.amount === null ? '—' : `+${formatNumber(deposit.amount, 6)}`}{' '}
          <span className="chain-item__unit">{deposit.asset}</span>
        </span>
        <StatusBadge tone={depositTone[deposit.status]} status={deposit.status}>
          {deposit.status === 'confirming'
            ? t('chain.confirming', { count: deposit.confirmations, total: deposit.required_confirmations })
            : t(`chain.deposit_status.${deposit.status}`)}
        </StatusBadge>
      </div>
      <div className="chain-item__line chain-item__line--sub">
        <TxLink hash={deposit.tx_hash} explorerUrl={explorerUrl} />
        <time dateTime={deposit.reported_at}>{formatDate(deposit.reported_at, 'Y-m-d H:i')}</time>
      </div>
      {(deposit.status === 'failed' || deposit.status === 'invalid') && (
        <p className="chain-item__reason">{t(reasonKey(deposit))}</p>
      )}
    </div>
  );
}

/** The list shows a reported deposit at once, and the balance follows its end, said once as a toast. */
function useDepositAnnouncements(deposit: Deposit | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!deposit) return;
    void queryClient.invalidateQueries({ queryKey: fundsKeys.deposits(account) });
    if (!isDepositFinal(deposit.status) || announced.current.has(deposit.tx_hash)) return;
    announced.current.add(deposit.tx_hash);
    if (deposit.status === 'credited') {
      showToast(t('chain.deposit_success'), 'success');
      invalidateDomains(queryClient, MONEY_DOMAINS);
    } else {
      showToast(t(reasonKey(deposit)), 'fail');
    }
  }, [deposit, queryClient, t, account]);
}

/** The deposit's network, and "Add USDT to my wallet": the token by its address, on the deposit chain. */
function DepositChainSummary({ config, asset }: { config: DepositConfig; asset: Asset }) {
  const { t } = useTranslation();
  // Hidden once the wallet says it cannot add tokens (EIP-747 is not everywhere).
  const [canWatch, setCanWatch] = useState(true);

  async function addToWallet() {
    await restoreChosenWallet();
    const provider = getEthereum();
    if (!provider) {
      showToast(t('auth.not_found'));
      return;
    }
    const token = config.tokens[asset];
    try {
      const outcome = await watchToken(provider, config, {
        address: token.address,
        symbol: asset,
        decimals: token.decimals,
      });
      if (outcome === 'added') showToast(t('chain.token_added', { asset }), 'success');
      else {
        setCanWatch(false);
        showToast(t('chain.token_add_unsupported', { asset, address: token.address }));
      }
    } catch (error) {
      showToast(t(transferErrorKey(error)));
    }
  }

  return (
    <dl className="chain-summary">
      <div className="chain-summary__row">
        <dt>{t('chain.network')}</dt>
        <dd>{networkName(config.chain_id)}</dd>
      </div>
      {/* Shown before the chosen wallet is found again (a WalletConnect session takes a moment):
          a row appearing later would move the Deposit button under the user's finger. */}
      {canWatch && (
        <div className="chain-summary__row">
          <dt>{asset}</dt>
          <dd>
            <button type="button" className="chain-history__retry" onClick={() => void addToWallet()}>
              {t('chain.add_token', { asset })}
            </button>
          </dd>
        </div>
      )}
    </dl>
  );
}

export function DepositScreen() {
  const { t } = useTranslation();
  // The wallet's own refusals (an account not authorised, disconnected) are wallet texts.
  useWalletTexts();
  const config = useDepositConfig();
  const own = useDepositAddress();
  const deposits = useDeposits();
  const from = useSession((s) => s.userinfo?.bsc ?? '');
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);

  const [asset, setAsset] = useState<Asset>('USDT');
  const [isSending, setSending] = useState(false);
  const [report, setReport] = useState<DepositReport | null>(null);
  const depositQuery = useDepositReport(report);
  const deposit = depositQuery.data;

  const decimals = config.data?.tokens[asset].decimals ?? 18;
  const form = useForm<{ amount: string }, 'amount', FieldError>({
    initial: { amount: '' },
    validate: ({ amount }) => {
      const key = depositAmountError(amount, decimals);
      if (!key) return {};
      return { amount: key === 'chain.amount_too_precise' ? { key, values: { decimals } } : key };
    },
  });
  const { amount } = form.values;
  const explorerUrl = config.data?.explorer_url ?? null;
  const isTracking = report !== null && !isDepositFinal(deposit?.status);

  useDepositAnnouncements(deposit);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.trySubmit() || isSending || isTracking || !config.data || !own.data) return;
    // Right after a reload the chosen wallet (a WalletConnect session too) may still be on its way.
    await restoreChosenWallet();
    const provider = getEthereum();
    if (!provider) {
      showToast(t('auth.not_found'));
      return;
    }
    const chain = config.data;
    setSending(true);
    try {
      await switchToChain(provider, chain);
      const hash = await sendTokenTransfer(provider, {
        from,
        token: chain.tokens[asset].address,
        to: own.data.address,
        amount: toBaseUnits(amount, chain.tokens[asset].decimals),
      });
      setReport({ asset, tx_hash: hash });
      // Sent: the amount is spent, and left in the field it would invite the same deposit twice.
      form.reset();
    } catch (error) {
      if (error instanceof ChainSwitchUnsupportedError)
        showToast(t('chain.switch_manual', { network: networkName(chain.chain_id), chainId: chain.chain_id }));
      else showToast(t(transferErrorKey(error)));
    } finally {
      setSending(false);
    }
  }

  /** The next deposit starts from what the user typed since the last one was sent (issue 45). */
  function startOver() {
    setReport(null);
  }

  return (
    <div className="screen funds-form-screen chain-screen">
      <PageHeader title={t('user.deposit')} />

      {config.isError && <ConfigFailedNotice onRetry={() => void config.refetch()} />}

      {report && <DepositProgress deposit={deposit} report={report} explorerUrl={explorerUrl} />}

      <DepositAddressCard
        address={own.data?.address}
        network={config.data ? networkName(config.data.chain_id) : 'BSC'}
        confirmations={config.data?.confirmations ?? 15}
      />

      <form
        className="funds-form card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={config.isPending}
      >
        <AssetPicker id="deposit-asset" value={asset} onChange={setAsset} />
        <TextField
          id="amount"
          label={t('funds.amount')}
          placeholder={t('chain.amount_placeholder')}
          value={amount}
          onChange={(value) => form.edit({ amount: value }, 'amount')}
          onBlur={() => form.touch('amount')}
          error={form.errorOf('amount')}
          inputMode="decimal"
          maxLength={40}
          end={<span className="field__suffix">{asset}</span>}
        />
        {config.data && <DepositChainSummary config={config.data} asset={asset} />}
        <p className="funds-form__note funds-form__note--info">
          <InfoIcon />
          {t('chain.deposit_note', {
            network: config.data ? networkName(config.data.chain_id) : 'BSC',
            confirmations: config.data?.confirmations ?? 15,
          })}
        </p>
        {/* Keyed apart: a reused element would turn into the submit button during the tap on "New
            deposit", and the browser would then submit the form with that same tap. */}
        {report && !isTracking ? (
          <button
            key="new-deposit"
            type="button"
            className="button button--primary button--block funds-form__submit"
            onClick={startOver}
          >
            {t('chain.new_deposit')}
          </button>
        ) : (
          <button
            key="deposit"
            type="submit"
            className="button button--primary button--block funds-form__submit"
            disabled={isSending || isTracking || !config.data || !own.data || isFrozen}
            aria-busy={isSending}
          >
            {isSending ? t('chain.deposit_sending') : t('chain.deposit_submit')}
          </button>
        )}
      </form>

      <HistorySection
        title={t('chain.deposits')}
        query={deposits}
        empty={t('chain.empty_deposits')}
        itemKey={(item) => item.tx_hash}
        renderItem={(item) => <DepositItem deposit={item} explorerUrl={explorerUrl} />}
      />
    </div>
  );
}

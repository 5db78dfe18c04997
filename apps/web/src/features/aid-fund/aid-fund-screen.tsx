import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rowsOf } from '@wallx/client';
import {
  compare,
  errorCatalog,
  formatDate,
  formatNumber,
  shortAddress,
  type AidDonation,
  type AidFund,
  type AidGrant,
  type Asset,
} from '@wallx/shared';
import { AssetPicker } from '../../components/asset-picker';
import { BottomSheet } from '../../components/bottom-sheet';
import { FundPasswordField } from '../../components/fund-password-field';
import { ListLoadFailed } from '../../components/list-empty';
import { LoadMoreButton } from '../../components/paged-list';
import { FrozenNotice, useRefusalHandler } from '../../components/money-form-parts';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { balanceOf } from '../../lib/balance';
import { isLoggedIn, session, useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useAidDonations, useAidFund, useAidGrants, useDonate, useExplorerUrl } from './api/aid-fund';
import '../../components/funds-form.css';
import './aid-fund.css';

/** An amount as the API takes it: digits, up to 18 decimals. */
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const passwordCodes = new Set<number>([
  errorCatalog.fund_password_incorrect.code,
  errorCatalog.fund_password_locked.code,
]);

/** One figure per asset, e.g. "12.5 WALLX". */
function Amounts({
  fund,
  pick,
  testId,
}: {
  fund: AidFund;
  pick: (a: AidFund['assets'][number]) => string;
  testId: string;
}) {
  return (
    <>
      {fund.assets.map((asset) => (
        <dd key={asset.asset} data-testid={`${testId}-${asset.asset.toLowerCase()}`}>
          {formatNumber(pick(asset))} <small>{asset.asset}</small>
        </dd>
      ))}
    </>
  );
}

function Figures({ fund }: { fund: AidFund }) {
  const { t } = useTranslation();
  const granting = fund.assets.some((a) => compare(a.granting, '0') > 0);
  return (
    <>
      <section className="card aid-card" aria-labelledby="aid-balance">
        <h2 id="aid-balance">{t('aidFund.balance')}</h2>
        <dl className="aid-figures">
          <div className="aid-figure aid-figure--wide">
            <dt className="aid-sr-only">{t('aidFund.balance')}</dt>
            <Amounts fund={fund} pick={(a) => a.balance} testId="balance" />
          </div>
        </dl>
      </section>
      <section className="card aid-card" aria-labelledby="aid-totals">
        <h2 id="aid-totals">{t('aidFund.totals')}</h2>
        <dl className="aid-figures">
          <div className="aid-figure">
            <dt>{t('aidFund.donations_in')}</dt>
            <Amounts fund={fund} pick={(a) => a.donations} testId="donations" />
          </div>
          <div className="aid-figure">
            <dt>{t('aidFund.shares_in')}</dt>
            <Amounts fund={fund} pick={(a) => a.shares} testId="shares" />
          </div>
          <div className="aid-figure">
            <dt>{t('aidFund.granted_out')}</dt>
            <Amounts fund={fund} pick={(a) => a.granted} testId="granted" />
          </div>
          {granting && (
            <div className="aid-figure">
              <dt>{t('aidFund.granting')}</dt>
              <Amounts fund={fund} pick={(a) => a.granting} testId="granting" />
            </div>
          )}
        </dl>
      </section>
    </>
  );
}

function Partners({ fund }: { fund: AidFund }) {
  const { t } = useTranslation();
  return (
    <section className="card aid-card" aria-labelledby="aid-partners">
      <h2 id="aid-partners">{t('aidFund.partners')}</h2>
      {fund.partners.length === 0 ? (
        <p className="aid-note">{t('aidFund.no_partners')}</p>
      ) : (
        <ul className="aid-rows">
          {fund.partners.map((partner) => (
            <li key={partner.id} className="aid-row" data-partner={partner.id}>
              <span className="aid-row__main">{partner.name}</span>
              {partner.website ? (
                <a className="aid-row__side" href={partner.website} target="_blank" rel="noreferrer noopener">
                  {t('aidFund.website')}
                </a>
              ) : (
                <span className="aid-row__side">{shortAddress(partner.address)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DonationRow({ donation }: { donation: AidDonation }) {
  const { t } = useTranslation();
  return (
    <li className="aid-row" data-donation={donation.id}>
      <span className="aid-row__main">
        {formatNumber(donation.amount)} <small>{donation.asset}</small>
      </span>
      <span className="aid-row__side">
        {donation.donor ?? t('aidFund.anonymous')} · {formatDate(donation.created_at, 'Y-m-d H:i')}
      </span>
    </li>
  );
}

/** A transaction hash, shortened, linking to the chain's explorer when it has one. */
function TxHash({ hash, explorerUrl }: { hash: string; explorerUrl: string | null }) {
  const short = shortAddress(hash);
  if (!explorerUrl) return <span title={hash}>{short}</span>;
  return (
    <a href={`${explorerUrl.replace(/\/+$/, '')}/tx/${hash}`} target="_blank" rel="noreferrer noopener" data-tx={hash}>
      {short}
    </a>
  );
}

function GrantRow({ grant, explorerUrl }: { grant: AidGrant; explorerUrl: string | null }) {
  return (
    <li className="aid-row aid-row--grant" data-grant={grant.id}>
      <span className="aid-row__main">{grant.partner}</span>
      <span className="aid-row__amount">
        {formatNumber(grant.amount)} <small>{grant.asset}</small>
      </span>
      <span className="aid-row__side">
        {formatDate(grant.paid_at, 'Y-m-d H:i')} · <TxHash hash={grant.tx_hash} explorerUrl={explorerUrl} />
      </span>
    </li>
  );
}

function Lists() {
  const { t } = useTranslation();
  const donations = useAidDonations();
  const grants = useAidGrants();
  const explorerUrl = useExplorerUrl();
  return (
    <>
      <section className="card aid-card" aria-labelledby="aid-donations">
        <h2 id="aid-donations">{t('aidFund.latest_donations')}</h2>
        {donations.data && rowsOf(donations).length === 0 && <p className="aid-note">{t('aidFund.no_donations')}</p>}
        <ul className="aid-rows" data-testid="donations">
          {rowsOf(donations).map((donation) => (
            <DonationRow key={donation.id} donation={donation} />
          ))}
        </ul>
        <LoadMoreButton query={donations} label={t('aidFund.latest_donations')} />
      </section>
      <section className="card aid-card" aria-labelledby="aid-grants">
        <h2 id="aid-grants">{t('aidFund.grants')}</h2>
        {grants.data && rowsOf(grants).length === 0 && <p className="aid-note">{t('aidFund.no_grants')}</p>}
        <ul className="aid-rows" data-testid="grants">
          {rowsOf(grants).map((grant) => (
            <GrantRow key={grant.id} grant={grant} explorerUrl={explorerUrl} />
          ))}
        </ul>
        <LoadMoreButton query={grants} label={t('aidFund.grants')} />
      </section>
    </>
  );
}

function DonateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const balance = useSession((s) => s.balance);
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const gate = useFundPasswordGate('/aid-fund');
  const mutation = useDonate();
  const send = useIdempotentSubmit(mutation.mutateAsync);
  const [asset, setAsset] = useState<Asset>('WALLX');
  const [amount, setAmount] = useState('');
  const [showMe, setShowMe] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; fund_password?: string }>({});
  const onRefusal = useRefusalHandler<'amount' | 'fund_password'>(
    '/aid-fund',
    (error) => (passwordCodes.has(error.code) ? 'fund_password' : error.field === 'amount' ? 'amount' : undefined),
    (field, message) => setErrors((e) => ({ ...e, [field]: message })),
  );

  function check(): boolean {
    const next: typeof errors = {};
    if (amount === '') next.amount = t('aidFund.amount_required');
    else if (!AMOUNT.test(amount) || compare(amount, '0') <= 0) next.amount = t('aidFund.amount_invalid');
    if (password === '') next.fund_password = t('funds.fund_password_required');
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check() || mutation.isPending || gate !== 'ready') return;
    try {
      await send({ asset, amount, show_me: showMe, fund_password: password });
      showToast(t('aidFund.donated_ok'), 'success');
      onDone();
    } catch (error) {
      onRefusal(error);
    }
  }

  return (
    <form className="funds-form aid-sheet" onSubmit={(event) => void submit(event)} noValidate>
      <FrozenNotice />
      <AssetPicker
        id="donate-asset"
        value={asset}
        onChange={(next) => {
          setAsset(next);
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        balanceOf={(a) => balanceOf(balance, a)}
      />
      <TextField
        id="amount"
        label={t('funds.amount')}
        placeholder={t('aidFund.amount_placeholder')}
        value={amount}
        onChange={setAmount}
        onBlur={() => undefined}
        inputMode="decimal"
        maxLength={39}
        error={errors.amount}
        hint={`${t('funds.available')} ${formatNumber(balanceOf(balance, asset))} ${asset}`}
        end={<span className="field__suffix">{asset}</span>}
      />
      <label className="aid-check">
        <input type="checkbox" checked={showMe} onChange={(event) => setShowMe(event.target.checked)} />
        <span>{t('aidFund.show_me')}</span>
      </label>
      <FundPasswordField
        value={password}
        onChange={setPassword}
        onBlur={() => undefined}
        error={errors.fund_password}
      />
      <p className="funds-form__note">{t('aidFund.note')}</p>
      <button
        type="submit"
        className="button button--primary button--block funds-form__submit"
        disabled={mutation.isPending || gate !== 'ready' || isFrozen}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? t('aidFund.donating') : t('aidFund.donate')}
      </button>
    </form>
  );
}

/** Signed in: a Donate button opening the sheet; a guest: the way to sign in. */
function DonateEntry() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const [open, setOpen] = useState(false);
  if (!loggedIn) {
    return (
      <div className="card aid-card aid-guest">
        <p className="aid-note">{t('aidFund.guest_prompt')}</p>
        <button type="button" className="button button--primary" onClick={() => session.openConnectBox()}>
          {t('auth.connect_button')}
        </button>
      </div>
    );
  }
  return (
    <>
      <button type="button" className="button button--primary button--block" onClick={() => setOpen(true)}>
        {t('aidFund.donate')}
      </button>
      <BottomSheet visible={open} onClose={() => setOpen(false)} title={t('aidFund.donate_title')}>
        {/* Mounted only while open: a fresh form each time, and the fund-password check only when donating. */}
        {open && <DonateForm onDone={() => setOpen(false)} />}
      </BottomSheet>
    </>
  );
}

/** /aid-fund: the fund's figures from the books, its partners, donations and grants; donating. */
export function AidFundScreen() {
  const { t } = useTranslation();
  const fund = useAidFund();
  return (
    <div className="screen aid-screen">
      <PageHeader title={t('aidFund.title')} />
      <div className="aid-body">
        <p className="aid-intro">{t('aidFund.intro')}</p>
        {fund.data ? (
          <Figures fund={fund.data} />
        ) : fund.isPending ? (
          <div className="card aid-card" aria-busy="true" aria-label={t('common.loading')} />
        ) : (
          <ListLoadFailed text={t('aidFund.load_failed')} className="aid-empty" onRetry={() => void fund.refetch()} />
        )}
        <DonateEntry />
        {fund.data && <Partners fund={fund.data} />}
        <Lists />
      </div>
    </div>
  );
}

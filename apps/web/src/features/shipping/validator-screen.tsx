import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  errorCatalog,
  formatDate,
  formatWriteoffCode,
  langText,
  normalizeWriteoffCode,
  type Voucher,
  ApiError,
} from '@wallx/shared';
import { useRefusalHandler } from '../../components/money-form-parts';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { InfoIcon, LockIcon } from '../../components/screen-icons';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useAccountKey } from '../../lib/account-query';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { useUserInfo } from '../../lib/user-info';
import { voucherQueryOptions } from './api/get-voucher';
import { useWriteoffs } from './api/get-writeoffs';
import { useWriteOff } from './api/write-off';
import { EmptyState, Section, shippingListLook, StatusTag } from './shipping-parts';
import { ScanIcon, ScanSheet } from '../../components/scan-sheet';
import { Fact, PointDetails, ProductRow } from './voucher-parts';
import { codeFieldOfError, codeOfScan, validateCode, type CodeField, type CodeForm } from './writeoff-rules';
import '../../components/card-list.css';
import '../../components/funds-form.css';
import '../../components/status-screen.css';
import './shipping-shared.css';
import './address-screen.css';
import './voucher-parts.css';
import './shipping-screen.css';
import './request-sheets.css';
import './validator-screen.css';

const time = (iso: string) => formatDate(iso, 'Y-m-d H:i');

/** The voucher a validator looked up, and the one button that writes it off. */
function VoucherPanel({ voucher, onChange }: { voucher: Voucher; onChange: (voucher: Voucher) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const writeOff = useWriteOff();
  const [failure, setFailure] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const isPending = voucher.status === 'pending';

  async function confirm() {
    if (writeOff.isPending) return;
    setFailure(null);
    try {
      onChange(await writeOff.mutateAsync(voucher.code));
      setDone(true);
      showToast(t('shipping.written_off'), 'success');
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('errors.internal');
      showToast(message);
      setFailure(message);
      // Used meanwhile (another validator, another counter): show it as it now stands.
      if (error instanceof ApiError && error.code === errorCatalog.writeoff_code_invalid.code) {
        void queryClient.fetchQuery(voucherQueryOptions(account, voucher.code)).then(onChange, () => undefined);
      }
    }
  }

  return (
    <article className="list-card voucher-card" data-status={voucher.status} aria-label={t('shipping.voucher')}>
      <header className="request-card__head">
        <strong className="voucher-card__code" data-testid="validator-code">
          {formatWriteoffCode(voucher.code)}
        </strong>
        <StatusTag status={voucher.status} />
      </header>
      <ProductRow product={voucher.product} machineNo={voucher.machine_no} />
      <dl className="ship-facts">
        <Fact label={t('shipping.holder')}>{voucher.holder}</Fact>
        <Fact label={t('shipping.created_at')}>{time(voucher.created_at)}</Fact>
        {voucher.written_off_at && <Fact label={t('shipping.written_off')}>{time(voucher.written_off_at)}</Fact>}
      </dl>
      <PointDetails point={voucher.point} />
      {failure && (
        <p className="voucher-card__failure" role="alert">
          {failure}
        </p>
      )}
      {isPending ? (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void confirm()}
          disabled={writeOff.isPending}
          aria-busy={writeOff.isPending}
        >
          {writeOff.isPending ? t('shipping.writing_off') : t('shipping.confirm_writeoff')}
        </button>
      ) : (
        !failure && (
          <p className="request-card__note is-done">
            {t(isDone ? 'shipping.writeoff_done' : 'shipping.already_written_off')}
          </p>
        )
      )}
    </article>
  );
}

function WriteoffCard({ voucher }: { voucher: Voucher }) {
  const language = useLanguage();
  return (
    <article className="list-card writeoff-card" data-code={voucher.code}>
      <ProductRow product={voucher.product} machineNo={voucher.machine_no}>
        <span className="writeoff-card__code">{formatWriteoffCode(voucher.code)}</span>
      </ProductRow>
      <footer className="request-card__times">
        <span>{langText(voucher.point.name, language)}</span>
        {voucher.written_off_at && <time dateTime={voucher.written_off_at}>{time(voucher.written_off_at)}</time>}
      </footer>
    </article>
  );
}

/** Look up a code (typed or scanned), see its voucher, confirm; then the list of my write-offs. */
function WriteoffDesk() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const writeoffs = useWriteoffs();
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [isLooking, setLooking] = useState(false);
  const [isScanning, setScanning] = useState(false);
  const { values, field, edit, trySubmit, refuse } = useForm<CodeForm, CodeField>({
    initial: { code: '' },
    validate: validateCode,
  });
  const handleRefusal = useRefusalHandler('/validator', codeFieldOfError, refuse);

  async function lookUp(code: string) {
    setLooking(true);
    setVoucher(null);
    try {
      setVoucher(await queryClient.fetchQuery(voucherQueryOptions(account, code)));
    } catch (error) {
      handleRefusal(error);
    } finally {
      setLooking(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || isLooking) return;
    void lookUp(normalizeWriteoffCode(values.code));
  }

  function acceptScan(text: string): boolean {
    const code = codeOfScan(text);
    if (!code) return false;
    setScanning(false);
    edit({ code: formatWriteoffCode(code) }, 'code');
    void lookUp(code);
    return true;
  }

  return (
    <>
      <p className="ship-lead">
        <InfoIcon />
        {t('shipping.validator_lead')}
      </p>
      <form className="funds-form card validator-form" onSubmit={submit} noValidate>
        <TextField
          id="writeoff-code"
          label={t('shipping.writeoff_code')}
          placeholder={t('shipping.code_placeholder')}
          maxLength={64}
          className="validator-form__code"
          {...field('code', 'code')}
        />
        <div className="validator-form__actions">
          <button type="button" className="button button--ghost validator-form__scan" onClick={() => setScanning(true)}>
            <ScanIcon />
            {t('shipping.scan')}
          </button>
          <SubmitButton isPending={isLooking} pendingLabel={t('shipping.looking_up')}>
            {t('shipping.look_up')}
          </SubmitButton>
        </div>
      </form>
      {voucher && (
        <div className="ship-section">
          <VoucherPanel key={voucher.code} voucher={voucher} onChange={setVoucher} />
        </div>
      )}
      <Section id="my-writeoffs" title={t('shipping.my_writeoffs')}>
        <PagedList
          look={shippingListLook}
          query={writeoffs}
          label={t('shipping.my_writeoffs')}
          itemKey={(item) => item.code}
          renderItem={(item) => <WriteoffCard voucher={item} />}
          empty={<EmptyState title={t('shipping.writeoffs_empty')} text={t('shipping.writeoffs_empty_text')} />}
        />
      </Section>
      <ScanSheet
        visible={isScanning}
        onClose={() => setScanning(false)}
        accept={acceptScan}
        texts={{
          title: t('shipping.scan_title'),
          starting: t('shipping.scan_starting'),
          hint: t('shipping.scan_hint'),
          rejected: t('shipping.scan_not_code'),
          denied: t('shipping.camera_denied'),
          unavailable: t('shipping.camera_unavailable'),
        }}
      />
    </>
  );
}

/** Not a validator: a clear state rather than a form every code of which would be refused. */
function NotValidator() {
  const { t } = useTranslation();
  return (
    <section className="status-screen validator-denied" role="alert">
      <span className="validator-denied__icon" aria-hidden="true">
        <LockIcon />
      </span>
      <h2 className="status-screen__title">{t('shipping.not_validator')}</h2>
      <p className="status-screen__text">{t('shipping.not_validator_text')}</p>
      <Link to="/user" className="button button--primary" replace>
        {t('shipping.back_to_wallet')}
      </Link>
    </section>
  );
}

export function ValidatorScreen() {
  const { t } = useTranslation();
  // An operator may have just made this account a validator (or no longer one): ask afresh.
  const userInfo = useUserInfo();
  const isValidator = useSession((s) => s.userinfo?.is_validator === true);
  const isChecking = userInfo.isPending && !isValidator;
  return (
    <div className="screen validator-screen">
      <PageHeader title={t('user.validator_entry')} />
      {isValidator ? <WriteoffDesk /> : isChecking ? null : <NotValidator />}
    </div>
  );
}

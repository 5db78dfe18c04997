import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorCatalog, formatDate, ApiError } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { FrozenNotice } from '../../components/money-form-parts';
import { useForm } from '../../lib/use-form';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useUserInfo } from '../../lib/user-info';
import { walletErrorCode, walletErrorKey } from '../../lib/wallet-errors';
import { useWalletTexts } from '../../lib/wallet-texts';
import { NoWalletError, preloadWalletAction } from '../../lib/wallet-action';
import { useResetFundPassword } from './api/reset-fund-password';
import { useSetFundPassword } from './api/set-fund-password';
import {
  isFundPasswordField,
  validateFundPassword,
  type FundPasswordField,
  type FundPasswordForm,
} from './fund-password-rules';
import { InfoIcon } from '../../components/screen-icons';
import { ShieldKeyIcon } from './funds-icons';
import { returnPathOf } from '../../lib/return-to';
import { TextField } from '../../components/text-field';
import '../../components/funds-form.css';

const emptyForm: FundPasswordForm = { oldPassword: '', password: '', confirm: '' };
const MAX_LENGTH = 128;

function FundPasswordIntro({ title, text }: { title: string; text: string }) {
  return (
    <section className="funds-intro">
      <span className="funds-intro__icon">
        <ShieldKeyIcon />
      </span>
      <div className="funds-intro__body">
        <h2 className="funds-intro__title">{title}</h2>
        <p className="funds-intro__text">{text}</p>
      </div>
    </section>
  );
}

/** Why the user was sent here (a money form needs a password first), and when a reset password takes effect. */
function FundPasswordNotices({ isRequired, holdUntil }: { isRequired: boolean; holdUntil: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {isRequired && (
        <p className="funds-notice" role="status">
          <InfoIcon />
          {t('funds.fpassword_required')}
        </p>
      )}
      {holdUntil && (
        <p className="funds-notice" role="status" data-testid="reset-hold">
          <InfoIcon />
          {t('funds.reset_hold', { time: formatDate(holdUntil, 'Y-m-d H:i') })}
        </p>
      )}
    </>
  );
}

export function FundPasswordScreen() {
  const { t } = useTranslation();
  // The wallet signs here: its own refusals (an account not authorised, disconnected) are wallet texts.
  useWalletTexts();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = returnPathOf(location.state);
  const userInfo = useUserInfo();
  const isChange = useSession((s) => s.userinfo?.has_fund_password === true);
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  // A forgotten password (`?reset=1`): a new one on the wallet's signature, no old one asked.
  const [searchParams] = useSearchParams();
  const isReset = isChange && searchParams.get('reset') === '1';
  const setMutation = useSetFundPassword();
  const resetMutation = useResetFundPassword();
  const isPending = setMutation.isPending || resetMutation.isPending;
  const [holdUntil, setHoldUntil] = useState<string | null>(null);

  const {
    values: form,
    field,
    trySubmit,
    refuse,
  } = useForm<FundPasswordForm, FundPasswordField>({
    initial: emptyForm,
    validate: (values) => validateFundPassword(values, { isChange: isChange && !isReset }),
  });

  const leave = () => {
    if (returnTo) void navigate(returnTo, { replace: true });
    else if (window.history.state?.idx > 0) void navigate(-1);
    else void navigate('/user', { replace: true });
  };

  /** Says why a set, change or reset failed: the wallet's part first, then the server's answer. */
  function explain(error: unknown) {
    if (error instanceof NoWalletError) return showToast(t('funds.no_wallet'));
    if (walletErrorCode(error) === 4001) return showToast(t('funds.wallet_rejected'));
    if (!(error instanceof ApiError)) return showToast(t(walletErrorKey(error, 'errors.internal')));
    const message = error.message;
    showToast(message);
    if (isFundPasswordField(error.field)) refuse(error.field, message);
    // Set meanwhile (another tab or device): the form becomes the change form.
    if (error.code === errorCatalog.fund_password_already_set.code) void userInfo.refetch();
  }

  async function reset() {
    try {
      const { hold_until } = await resetMutation.mutateAsync({ password: form.password, confirm: form.confirm });
      showToast(t('funds.reset_success'), 'success');
      setHoldUntil(hold_until);
    } catch (error) {
      explain(error);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || isPending) return;
    if (isReset) return reset();
    try {
      await setMutation.mutateAsync({
        password: form.password,
        confirm: form.confirm,
        ...(isChange && { old_password: form.oldPassword }),
      });
      showToast(t(isChange ? 'funds.change_success' : 'funds.set_success'), 'success');
      leave();
    } catch (error) {
      explain(error);
    }
  }

  const passwordLabel = isChange ? t('funds.new_password') : t('funds.password');
  const title = isReset ? 'funds.reset_title' : isChange ? 'funds.fpassword_change_title' : 'funds.fpassword_set_title';
  const text = isReset ? 'funds.reset_text' : isChange ? 'funds.fpassword_change_text' : 'funds.fpassword_set_text';

  return (
    <div className="screen funds-form-screen">
      <PageHeader title={t('user.fund_password')} />

      <FundPasswordIntro title={t(title)} text={t(text)} />
      <FrozenNotice />
      <FundPasswordNotices isRequired={Boolean(returnTo) && !isChange} holdUntil={holdUntil} />

      <form
        className="funds-form card"
        onSubmit={(event) => void submit(event)}
        // A first password and a reset are signed by the wallet: its code comes while the user types.
        onFocus={isChange && !isReset ? undefined : preloadWalletAction}
        noValidate
      >
        {isChange && !isReset && (
          <TextField
            id="old_password"
            label={t('funds.current_password')}
            placeholder={t('funds.current_password_placeholder')}
            {...field('oldPassword', 'old_password')}
            isPassword
            autoComplete="current-password"
            maxLength={MAX_LENGTH}
          />
        )}
        <TextField
          id="password"
          label={passwordLabel}
          placeholder={t('funds.password_placeholder')}
          {...field('password', 'password')}
          isPassword
          autoComplete="new-password"
          maxLength={MAX_LENGTH}
        />
        <TextField
          id="confirm"
          label={t('funds.confirm_password')}
          placeholder={t('funds.confirm_password_placeholder')}
          {...field('confirm', 'confirm')}
          isPassword
          autoComplete="new-password"
          maxLength={MAX_LENGTH}
        />
        <p className="funds-form__note">{t('funds.lock_hint')}</p>
        <SubmitButton
          isPending={isPending}
          disabled={isFrozen || holdUntil !== null}
          pendingLabel={t(isChange && !isReset ? 'funds.saving' : 'funds.wallet_signing')}
        >
          {t(isReset ? 'funds.reset_submit' : isChange ? 'funds.change_submit' : 'funds.set_submit')}
        </SubmitButton>
        {isChange && !isReset && (
          <Link to="/fpassword?reset=1" replace className="field__link funds-form__forgot">
            {t('funds.forgot_password')}
          </Link>
        )}
      </form>
    </div>
  );
}

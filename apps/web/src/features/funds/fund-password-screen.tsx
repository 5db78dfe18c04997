import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorCatalog, ApiError } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { FrozenNotice } from '../../components/money-form-parts';
import { useForm } from '../../lib/use-form';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useUserInfo } from '../../lib/user-info';
import { useSetFundPassword } from './api/set-fund-password';
import { isFundPasswordField, validateFundPassword, type FundPasswordField, type FundPasswordForm } from './fund-password-rules';
import { InfoIcon } from '../../components/screen-icons';
import { ShieldKeyIcon } from './funds-icons';
import { returnPathOf } from '../../lib/return-to';
import { TextField } from '../../components/text-field';
import '../../components/funds-form.css';

const emptyForm: FundPasswordForm = { oldPassword: '', password: '', confirm: '' };
const MAX_LENGTH = 128;

export function FundPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = returnPathOf(location.state);
  const userInfo = useUserInfo();
  const isChange = useSession((s) => s.userinfo?.has_fund_password === true);
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const mutation = useSetFundPassword();

  const { values: form, field, trySubmit, refuse } = useForm<FundPasswordForm, FundPasswordField>({
    initial: emptyForm,
    validate: (values) => validateFundPassword(values, { isChange }),
  });

  const leave = () => {
    if (returnTo) void navigate(returnTo, { replace: true });
    else if (window.history.state?.idx > 0) void navigate(-1);
    else void navigate('/user', { replace: true });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || mutation.isPending) return;
    try {
      await mutation.mutateAsync({
        password: form.password,
        confirm: form.confirm,
        ...(isChange && { old_password: form.oldPassword }),
      });
      showToast(t(isChange ? 'funds.change_success' : 'funds.set_success'), 'success');
      leave();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('errors.internal');
      showToast(message);
      if (!(error instanceof ApiError)) return;
      if (isFundPasswordField(error.field)) refuse(error.field, message);
      // Set meanwhile (another tab or device): the form becomes the change form.
      if (error.code === errorCatalog.fund_password_already_set.code) void userInfo.refetch();
    }
  }

  const passwordLabel = isChange ? t('funds.new_password') : t('funds.password');

  return (
    <div className="screen funds-form-screen">
      <PageHeader title={t('user.fund_password')} />

      <section className="funds-intro">
        <span className="funds-intro__icon">
          <ShieldKeyIcon />
        </span>
        <div className="funds-intro__body">
          <h2 className="funds-intro__title">{t(isChange ? 'funds.fpassword_change_title' : 'funds.fpassword_set_title')}</h2>
          <p className="funds-intro__text">{t(isChange ? 'funds.fpassword_change_text' : 'funds.fpassword_set_text')}</p>
        </div>
      </section>

      <FrozenNotice />

      {returnTo && !isChange && (
        <p className="funds-notice" role="status">
          <InfoIcon />
          {t('funds.fpassword_required')}
        </p>
      )}

      <form className="funds-form card" onSubmit={(event) => void submit(event)} noValidate>
        {isChange && (
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
        <SubmitButton isPending={mutation.isPending} disabled={isFrozen} pendingLabel={t('funds.saving')}>
          {t(isChange ? 'funds.change_submit' : 'funds.set_submit')}
        </SubmitButton>
      </form>
    </div>
  );
}

// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { en_US } from '@wallx/shared/i18n/errors/en_US';
import { en_US as funds } from '@wallx/shared/i18n/funds/en_US';
import { initI18n, loadSection } from './i18n';
import { useForm, type FieldError } from './use-form';

beforeAll(async () => {
  await initI18n();
  await loadSection('funds');
});

type Form = { to: string; amount: string };
type Field = 'to' | 'amount';
const validate = (form: Form): Partial<Record<Field, FieldError>> => ({
  ...(form.to === '' && { to: 'funds.recipient_required' }),
  ...(form.amount.includes('.') && { amount: { key: 'chain.amount_too_precise', values: { decimals: 0 } } }),
});

describe('useForm', () => {
  it('shows a rule once its field was left, or every rule once a submit was tried', () => {
    const { result } = renderHook(() =>
      useForm<Form, Field, FieldError>({ initial: { to: '', amount: '1.5' }, validate }),
    );
    expect(result.current.errorOf('to')).toBeUndefined();
    act(() => result.current.touch('to'));
    expect(result.current.errorOf('to')).toBe(funds.funds.recipient_required);
    expect(result.current.errorOf('amount')).toBeUndefined();
    let isValid = true;
    act(() => {
      isValid = result.current.trySubmit();
    });
    expect(isValid).toBe(false);
    expect(result.current.errorOf('amount')).toBe('At most 0 decimal places');
  });

  it("keeps the server's refusal on its field until that field changes, then starts fresh on reset", () => {
    const { result } = renderHook(() =>
      useForm<Form, Field, FieldError>({ initial: { to: '0xabc', amount: '5' }, validate }),
    );
    act(() => result.current.refuse('to', en_US.errors.invalid_wallet_account));
    expect(result.current.errorOf('to')).toBe(en_US.errors.invalid_wallet_account);
    act(() => result.current.edit({ amount: '6' }, 'amount'));
    expect(result.current.errorOf('to')).toBe(en_US.errors.invalid_wallet_account);
    act(() => result.current.edit({ to: '0xdef' }, 'to'));
    expect(result.current.errorOf('to')).toBeUndefined();
    act(() => {
      result.current.trySubmit();
      result.current.reset();
    });
    expect(result.current.values).toEqual({ to: '0xabc', amount: '5' });
    expect(result.current.isSubmitted).toBe(false);
  });
});

// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { FormEvent } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/en_US';
import { en_US as errors } from '@wallx/shared/i18n/errors/en_US';
import { en_US as funds } from '@wallx/shared/i18n/funds/en_US';
import { useForm, type Problem, type Problems } from './use-form';

// The app's catalog with its funds section, and two texts of the console's (its shipping section).
const consoleTexts = { shipping: { required: 'Required.', quantity_invalid: 'A whole number from 0 to {{max}}.' } };

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en_US',
    resources: { en_US: { translation: en_US } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  for (const section of [funds, errors, consoleTexts])
    i18next.addResourceBundle('en_US', 'translation', section, true, true);
});

describe('useForm (once left: the app)', () => {
  type Form = { to: string; amount: string };
  type Field = 'to' | 'amount';
  const validate = (form: Form): Partial<Record<Field, Problem>> => ({
    ...(form.to === '' && { to: 'funds.recipient_required' }),
    ...(form.amount.includes('.') && { amount: { key: 'chain.amount_too_precise', values: { decimals: 0 } } }),
  });

  it('shows a rule once its field was left, or every rule once a submit was tried', () => {
    const { result } = renderHook(() => useForm<Form, Field>({ initial: { to: '', amount: '1.5' }, validate }));
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
    const { result } = renderHook(() => useForm<Form, Field>({ initial: { to: '0xabc', amount: '5' }, validate }));
    act(() => result.current.refuse('to', errors.errors.invalid_wallet_account));
    expect(result.current.errorOf('to')).toBe(errors.errors.invalid_wallet_account);
    act(() => result.current.edit({ amount: '6' }, 'amount'));
    expect(result.current.errorOf('to')).toBe(errors.errors.invalid_wallet_account);
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

describe('useForm (once sent: the console)', () => {
  type Values = { name: string; quantity: string };
  const rules = (values: Values): Problems<keyof Values> => ({
    ...(values.name === '' && { name: 'shipping.required' }),
    ...(values.quantity === 'x' && { quantity: { key: 'shipping.quantity_invalid', values: { max: 9 } } }),
  });
  const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;
  const refusal = (field?: string) => new ApiError({ code: 1001, message: 'Refused.', status: 400, field });

  function renderForm() {
    return renderHook(() =>
      useForm<Values, keyof Values>({
        initial: { name: '', quantity: 'x' },
        fields: ['name', 'quantity'],
        validate: rules,
        timing: 'once-sent',
      }),
    );
  }

  it('shows no rule before the first send, then every rule, and sends only values that pass', () => {
    const { result } = renderForm();
    const send = vi.fn();
    expect(result.current.errors).toEqual({});
    act(() => result.current.onSubmit(send)(submitEvent()));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: 'Required.', quantity: expect.stringContaining('9') });
    act(() => result.current.edit({ name: 'Hall', quantity: '3' }, 'name', 'quantity'));
    act(() => result.current.onSubmit(send)(submitEvent()));
    expect(send).toHaveBeenCalledWith({ name: 'Hall', quantity: '3' });
    expect(result.current.errors).toEqual({});
  });

  it('takes a field’s error away while it is edited, and leaves the others', () => {
    const { result } = renderForm();
    act(() => result.current.onSubmit(vi.fn())(submitEvent()));
    act(() => result.current.set('name', 'H'));
    expect(Object.keys(result.current.errors)).toEqual(['quantity']);
  });

  it('keeps an edited field’s error away while the value still breaks its rule, until the next send', () => {
    const { result } = renderForm();
    act(() => result.current.onSubmit(vi.fn())(submitEvent()));
    act(() => result.current.set('quantity', 'x'));
    expect(result.current.errors).toEqual({ name: 'Required.' });
    act(() => result.current.onSubmit(vi.fn())(submitEvent()));
    expect(Object.keys(result.current.errors)).toEqual(['name', 'quantity']);
  });

  it("places the server's refusal on the field it names, an item's on its list, another over the form", () => {
    const { result } = renderForm();
    act(() => result.current.refuseWith(refusal('quantity')));
    expect(result.current.errors).toEqual({ quantity: 'Refused.' });
    act(() => result.current.refuseWith(refusal('name.2')));
    expect(result.current.errors).toEqual({ name: 'Refused.' });
    act(() => result.current.refuseWith(refusal('version')));
    expect(result.current.errors).toEqual({ form: 'Refused.' });
    act(() => result.current.refuseWith(new Error('Network down.')));
    expect(result.current.errors).toEqual({ form: 'Network down.' });
    act(() => result.current.reset({ name: 'New', quantity: '1' }));
    expect(result.current.values).toEqual({ name: 'New', quantity: '1' });
    expect(result.current.errors).toEqual({});
  });
});

import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@wallx/shared';
import { setUpConsoleTests } from './test-render';
import { useForm, type Problems } from './use-form';

setUpConsoleTests();

type Values = { name: string; quantity: string };
const rules = (values: Values): Problems<keyof Values> => ({
  ...(values.name === '' && { name: 'shipping.required' }),
  ...(values.quantity === 'x' && { quantity: { key: 'shipping.quantity_invalid', values: { max: 9 } } }),
});
const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;
const refusal = (field?: string) => new ApiError({ code: 1001, message: 'Refused.', status: 400, field });

function renderForm() {
  return renderHook(() =>
    useForm<Values, keyof Values>({ initial: { name: '', quantity: 'x' }, fields: ['name', 'quantity'], rules }),
  );
}

describe('useForm (console)', () => {
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

  it("places the server's refusal on the field it names, an item's on its list, another over the form", () => {
    const { result } = renderForm();
    act(() => result.current.refuse(refusal('quantity')));
    expect(result.current.errors).toEqual({ quantity: 'Refused.' });
    act(() => result.current.refuse(refusal('name.2')));
    expect(result.current.errors).toEqual({ name: 'Refused.' });
    act(() => result.current.refuse(refusal('version')));
    expect(result.current.errors).toEqual({ form: 'Refused.' });
    act(() => result.current.refuse(new Error('Network down.')));
    expect(result.current.errors).toEqual({ form: 'Network down.' });
    act(() => result.current.reset({ name: 'New', quantity: '1' }));
    expect(result.current.values).toEqual({ name: 'New', quantity: '1' });
    expect(result.current.errors).toEqual({});
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@wallx/shared';
import { setUpConsoleTests } from '../lib/test-render';
import { ReasonDialog } from './reason-dialog';

setUpConsoleTests();

function open(onSubmit = vi.fn(), onClose = vi.fn()) {
  render(
    <ReasonDialog
      title="Freeze user"
      rule={{ min: 3, max: 10 }}
      label="Reason"
      hint="3 to 10 characters."
      tooShort="Too short."
      tooLong="Too long."
      cancelLabel="Keep"
      submitLabel="Freeze"
      danger
      busy={false}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <p>What freezing does.</p>
    </ReasonDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Freeze user' });
  const field = within(dialog).getByLabelText('Reason');
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
  return { dialog, field, submit, onSubmit, onClose };
}

describe('the reason dialog', () => {
  it('checks the rule on the trimmed text before sending, and sends it trimmed', () => {
    const { dialog, field, submit, onSubmit } = open();
    fireEvent.change(field, { target: { value: '  ab  ' } });
    submit();
    expect(within(dialog).getByRole('alert').textContent).toBe('Too short.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '  abc  ' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(field.getAttribute('maxlength')).toBe('10');
    submit();
    expect(onSubmit).toHaveBeenCalledWith('abc', expect.any(Function));
  });

  it('puts the server’s refusal of the reason on the field, and any other over the form', () => {
    const { dialog, field, submit, onSubmit } = open(
      vi.fn((_reason: string, refuse: (error: Error) => void) =>
        refuse(new ApiError({ code: 400, message: 'Say more.', field: 'reason', status: 400 })),
      ),
    );
    fireEvent.change(field, { target: { value: 'because' } });
    submit();
    expect(within(dialog).getByRole('alert').className).toBe('field__error');
    expect(within(dialog).getByRole('alert').textContent).toBe('Say more.');

    onSubmit.mockImplementation((_reason: string, refuse: (error: Error) => void) => refuse(new Error('Offline')));
    submit();
    expect(within(dialog).getByRole('alert').className).toContain('notice--error');
    expect(within(dialog).getByRole('alert').textContent).toBe('Offline');
  });

  it('closes on Keep and on Escape without sending', () => {
    const { dialog, onClose, onSubmit } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

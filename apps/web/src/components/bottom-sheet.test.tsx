// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { BottomSheet } from './bottom-sheet';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

/** A parent that re-renders on demand and passes a new arrow each time, as screens do. */
function Parent({ onClose }: { onClose: (render: number) => void }) {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        refetch
      </button>
      <BottomSheet visible title="Sheet" onClose={() => onClose(renders)}>
        <input aria-label="inside" />
      </BottomSheet>
    </>
  );
}

describe('BottomSheet', () => {
  it('keeps the focus where the user put it when the parent re-renders with a new onClose', () => {
    const onClose = vi.fn();
    render(<Parent onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Sheet' });
    expect(document.activeElement).toBe(dialog);
    const input = screen.getByLabelText('inside');
    input.focus();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'refetch', hidden: true })));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'refetch', hidden: true })));
    expect(document.activeElement).toBe(input);
    // Escape calls the latest onClose, the one of the last render.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith(2);
  });

  it('closes only the sheet on top on Escape: a picker opened over a form sheet', () => {
    const closeForm = vi.fn();
    const closePicker = vi.fn();
    render(
      <>
        <BottomSheet visible title="Form" onClose={closeForm}>
          <input aria-label="field" />
        </BottomSheet>
        <BottomSheet visible title="Picker" onClose={closePicker}>
          <button type="button">option</button>
        </BottomSheet>
      </>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closePicker).toHaveBeenCalledTimes(1);
    expect(closeForm).not.toHaveBeenCalled();
  });
});

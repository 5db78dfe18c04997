// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog, type Withdrawal } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/funds/en_US';
import { confirmDialog } from '../../lib/confirm-dialog';
import { fakeApi, isIdempotencyKey, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { WithdrawalScreen } from './withdrawal-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/confirm-dialog', () => ({ confirmDialog: vi.fn() }));

const item = (id: string, status: Withdrawal['status']): Withdrawal => ({
  id,
  asset: 'USDT',
  amount: '1500',
  fee: '1.5',
  to_address: '0x0000000000000000000000000000000000000001',
  status,
  tx_hash: null,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
});
const reads = {
  '/api/funds/withdraw/config': { USDT: { min: '10', fee: '1.5' }, WALLX: { min: '10', fee: '1' } },
  '/api/funds/recharge/config': { explorer_url: null },
  '/api/funds/withdrawals': { items: [item('7', 'pending_review'), item('6', 'queued')], next_cursor: null },
};

setUpApiTests({ balance: { usdt: '1000', wallx: '0' }, sections: ['funds'] });
beforeEach(() => {
  vi.mocked(confirmDialog).mockResolvedValue(true);
  // jsdom has none; the history's "load more" sentinel only needs one that never fires.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

async function cancelButtons() {
  renderWithProviders(<WithdrawalScreen />);
  await waitFor(() => expect(screen.getAllByText(en_US.chain.withdrawal_status.queued)).not.toHaveLength(0));
  return screen.queryAllByRole('button', { name: new RegExp(`^${en_US.chain.cancel_withdrawal_yes}`) });
}

describe('cancelling a withdrawal awaiting review', () => {
  it('offers Cancel only on the one awaiting review, asks first, then sends it with an Idempotency-Key', async () => {
    const api = fakeApi({ reads, data: { withdrawal: item('7', 'refunded') } });
    const buttons = await cancelButtons();
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(en_US.chain.cancel_withdrawal_success, 'success'));
    expect(vi.mocked(confirmDialog).mock.calls[0]![0]).toMatchObject({
      content:
        'Cancel this withdrawal of 1,500 USDT? The amount and the fee (1.5 USDT) come back to your balance at once.',
      confirmText: en_US.chain.cancel_withdrawal_yes,
    });
    expect(api.posts).toEqual([{ path: '/api/funds/withdrawals/7/cancel', idempotencyKey: expect.any(String) }]);
    expect(isIdempotencyKey(api.keys()[0]!)).toBe(true);
  });

  it('sends nothing when the user keeps it', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(false);
    const api = fakeApi({ reads });
    fireEvent.click((await cancelButtons())[0]!);
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(api.posts).toEqual([]);
  });

  it('shows the server’s refusal when an operator approved it first', async () => {
    const message = 'Only a withdrawal still awaiting review can be cancelled';
    const api = fakeApi({ reads });
    api.answerNext({ status: 409, code: errorCatalog.withdrawal_not_cancellable.code, message });
    fireEvent.click((await cancelButtons())[0]!);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(message));
  });
});

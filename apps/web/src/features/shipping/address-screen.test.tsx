// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESSES_MAX } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/shipping/en_US';
import { confirmDialog } from '../../lib/confirm-dialog';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { AddressScreen } from './address-screen';
import { homeAddress, regions, tokyoAddress } from './test-fixtures';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/confirm-dialog', () => ({ confirmDialog: vi.fn() }));

const s = en_US.shipping;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['shipping'] });

const cardOf = (recipient: string) => screen.getByRole('article', { name: recipient });

describe('AddressScreen', () => {
  it('lists the addresses, the default one marked, with their region in words', async () => {
    fakeApi({ reads: { '/api/regions': regions, '/api/addresses': { items: [homeAddress, tokyoAddress] } } });
    renderWithProviders(<AddressScreen />, '/address');
    await screen.findByRole('article', { name: 'Li Lei' });
    await waitFor(() => expect(cardOf('Li Lei').textContent).toContain('Guangdong, China · 518000'));
    expect(within(cardOf('Li Lei')).getByRole('button', { name: s.default }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(cardOf('Sato Hanako')).getByRole('button', { name: s.set_default }).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(cardOf('Sato Hanako').textContent).toContain('Tokyo, Japan · 100-0001');
    expect(screen.getByText(`2 of ${ADDRESSES_MAX} addresses`)).toBeTruthy();
  });

  it('makes another address the default', async () => {
    const api = fakeApi({
      reads: { '/api/regions': regions, '/api/addresses': { items: [homeAddress, tokyoAddress] } },
      data: { address: tokyoAddress },
    });
    renderWithProviders(<AddressScreen />, '/address');
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Sato Hanako' })).getByRole('button', { name: s.set_default }),
    );
    await waitFor(() =>
      expect(api.posts).toEqual([{ path: '/api/addresses/12/default', idempotencyKey: null, body: undefined }]),
    );
  });

  it('deletes only once the user confirms', async () => {
    const api = fakeApi({
      reads: { '/api/regions': regions, '/api/addresses': { items: [homeAddress, tokyoAddress] } },
      data: {},
    });
    vi.mocked(confirmDialog).mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderWithProviders(<AddressScreen />, '/address');
    const card = await screen.findByRole('article', { name: 'Sato Hanako' });
    fireEvent.click(within(card).getByRole('button', { name: s.delete }));
    await waitFor(() =>
      expect(confirmDialog).toHaveBeenCalledWith({
        content: s.delete_confirm,
        confirmText: s.delete,
        cancelText: 'Cancel',
      }),
    );
    expect(api.posts).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: s.delete }));
    await waitFor(() =>
      expect(api.posts).toEqual([
        { method: 'DELETE', path: '/api/addresses/12', idempotencyKey: null, body: undefined },
      ]),
    );
  });

  it('says there is none yet, and keeps no more than 20', async () => {
    fakeApi({ reads: { '/api/regions': regions, '/api/addresses': { items: [] } } });
    const { unmount } = renderWithProviders(<AddressScreen />, '/address');
    expect(await screen.findByRole('heading', { name: s.addresses_empty })).toBeTruthy();
    expect((screen.getByRole('button', { name: s.add_address }) as HTMLButtonElement).disabled).toBe(false);
    unmount();

    const full = Array.from({ length: ADDRESSES_MAX }, (_, index) => ({
      ...tokyoAddress,
      id: String(100 + index),
      recipient: `R${index}`,
    }));
    fakeApi({ reads: { '/api/regions': regions, '/api/addresses': { items: full } } });
    renderWithProviders(<AddressScreen />, '/address');
    await screen.findByRole('article', { name: 'R0' });
    expect((screen.getByRole('button', { name: s.add_address }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(`You can keep at most ${ADDRESSES_MAX} addresses`)).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US as core } from '@wallx/shared/i18n/errors/en_US';
import { en_US as funds } from '@wallx/shared/i18n/funds/en_US';
import { en_US } from '@wallx/shared/i18n/shipping/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { ShippingScreen } from './shipping-screen';
import {
  CODE,
  homeAddress,
  IdleObserver,
  laterHolding,
  openHolding,
  pickupRequest,
  regions,
  shenzhen,
  tokyoAddress,
} from './test-fixtures';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const s = en_US.shipping;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['shipping', 'funds'] });

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', IdleObserver);
});

const holdingCard = (name: string) => screen.getByText(name).closest('article')!;

describe('ShippingScreen', () => {
  it('lists the physical products held; pick-up before its date says so, with the date, and cannot be asked for', async () => {
    fakeApi({ reads: { '/api/shipping/holdings': { items: [openHolding, laterHolding], requested: false } } });
    renderWithProviders(<ShippingScreen />, '/shipping');
    await screen.findByText('Pro Miner');
    const later = holdingCard('Pro Miner');
    expect(within(later).getByTestId('pickup-availability').textContent).toBe(
      `${core.errors.pickup_not_available}from 2027-06-01`,
    );
    expect(within(later).getByText('No. WX-000123')).toBeTruthy();
    expect((within(later).getByRole('button', { name: s.pick_up }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(later).getByRole('button', { name: s.deliver }) as HTMLButtonElement).disabled).toBe(false);

    const open = holdingCard('Home Miner');
    expect(within(open).getByTestId('pickup-availability').textContent).toBe(s.pickup_open);
    expect(within(open).getByText(s.unused_order)).toBeTruthy();
    expect((within(open).getByRole('button', { name: s.pick_up }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the account’s one request instead of request buttons: the voucher’s code in groups of four and as a QR code', async () => {
    fakeApi({
      reads: {
        '/api/shipping/holdings': { items: [openHolding], requested: true },
        '/api/shipping/requests': { items: [pickupRequest], next_cursor: null },
      },
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    const code = await screen.findByTestId('voucher-code');
    expect(code.textContent).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(code.getAttribute('data-code')).toBe(CODE);
    expect(screen.getByRole('img', { name: s.voucher_qr })).toBeTruthy();
    expect(screen.getByText(s.status.pending)).toBeTruthy();
    expect(screen.getByText('Shenzhen Futian Service Center')).toBeTruthy();
    expect(screen.queryByRole('button', { name: s.pick_up })).toBeNull();
    expect(screen.queryByRole('button', { name: s.deliver })).toBeNull();
  });

  it('shows a written-off voucher as such', async () => {
    const used = { ...pickupRequest, status: 'written_off' as const, written_off_at: '2026-11-24T09:00:00.000Z' };
    fakeApi({
      reads: {
        '/api/shipping/holdings': { items: [], requested: true },
        '/api/shipping/requests': { items: [used], next_cursor: null },
      },
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    expect(await screen.findByText(s.voucher_used)).toBeTruthy();
    expect(screen.getAllByText(s.status.written_off).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: s.copy_code })).toBeNull();
  });

  it('shows a shipped delivery’s carrier and tracking number', async () => {
    const { id: _id, is_default: _default, created_at: _created, ...address } = homeAddress;
    const shipped = {
      ...pickupRequest,
      kind: 'delivery' as const,
      status: 'shipped' as const,
      code: null,
      point: null,
      address,
      carrier: 'SF Express',
      tracking_no: 'SF1234567890',
      shipped_at: '2026-11-25T09:00:00.000Z',
    };
    fakeApi({
      reads: {
        '/api/regions': regions,
        '/api/shipping/holdings': { items: [], requested: true },
        '/api/shipping/requests': { items: [shipped], next_cursor: null },
      },
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    expect((await screen.findByTestId('carrier')).textContent).toBe('SF Express');
    expect(screen.getByTestId('tracking-no').textContent).toBe('SF1234567890');
    expect(screen.getByText(s.status.shipped)).toBeTruthy();
  });

  it('says when nothing physical is held', async () => {
    fakeApi({ reads: { '/api/shipping/holdings': { items: [], requested: false } } });
    renderWithProviders(<ShippingScreen />, '/shipping');
    expect(await screen.findByRole('heading', { name: s.holdings_empty })).toBeTruthy();
  });

  it('delivery: to the default address unless another is chosen', async () => {
    const api = fakeApi({
      reads: {
        '/api/regions': regions,
        '/api/shipping/holdings': { items: [openHolding], requested: false },
        '/api/addresses': { items: [homeAddress, tokyoAddress] },
      },
      data: { request: pickupRequest },
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: s.deliver }));
    const sheet = screen.getByRole('dialog', { name: s.delivery_title });
    const home = await within(sheet).findByRole('radio', { name: /Li Lei/ });
    expect(home.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(sheet).getByRole('radio', { name: /Sato Hanako/ }));
    // The fund password confirms it: asked for before anything is sent.
    fireEvent.click(within(sheet).getByRole('button', { name: s.confirm_delivery }));
    expect(await within(sheet).findByText(funds.funds.fund_password_required)).toBeTruthy();
    expect(api.posts).toEqual([]);
    fireEvent.change(within(sheet).getByLabelText(funds.funds.password), { target: { value: 'pass-123' } });
    fireEvent.click(within(sheet).getByRole('button', { name: s.confirm_delivery }));
    await waitFor(() =>
      expect(api.posts).toEqual([
        {
          path: '/api/shipping/delivery',
          idempotencyKey: null,
          body: { order_id: '21', address_id: '12', fund_password: 'pass-123' },
        },
      ]),
    );
    expect(showToast).toHaveBeenCalledWith(s.delivery_requested, 'success');
  });

  it('delivery without an address: the spec’s message and the way to add one (and back), nothing to confirm', async () => {
    fakeApi({
      reads: { '/api/shipping/holdings': { items: [openHolding], requested: false }, '/api/addresses': { items: [] } },
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: s.deliver }));
    const sheet = screen.getByRole('dialog', { name: s.delivery_title });
    expect(await within(sheet).findByText(core.errors.delivery_address_required)).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: s.add_address }).getAttribute('href')).toBe('/address');
    expect((within(sheet).getByRole('button', { name: s.confirm_delivery }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pick-up: at a point of my region, by the holding’s id', async () => {
    const api = fakeApi({
      reads: {
        '/api/regions': regions,
        '/api/shipping/holdings': { items: [openHolding], requested: false },
        '/api/addresses': { items: [homeAddress] },
        '/api/shipping/points': { items: [shenzhen] },
      },
      data: { request: pickupRequest },
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: s.pick_up }));
    const sheet = screen.getByRole('dialog', { name: s.pickup_title });
    expect(
      (await within(sheet).findByRole('radio', { name: /Shenzhen Futian Service Center/ })).getAttribute(
        'aria-checked',
      ),
    ).toBe('true');
    await waitFor(() => expect(within(sheet).getByText('Pick-up points in Guangdong, China')).toBeTruthy());
    fireEvent.change(within(sheet).getByLabelText(funds.funds.password), { target: { value: 'wrong-one' } });
    // A wrong password is said on its field, and nothing is requested.
    api.answerNext({
      status: 403,
      code: errorCatalog.fund_password_incorrect.code,
      message: core.errors.fund_password_incorrect,
      field: 'fund_password',
    });
    fireEvent.click(within(sheet).getByRole('button', { name: s.confirm_pickup }));
    expect(await within(sheet).findByText(core.errors.fund_password_incorrect)).toBeTruthy();
    fireEvent.change(within(sheet).getByLabelText(funds.funds.password), { target: { value: 'pass-123' } });
    fireEvent.click(within(sheet).getByRole('button', { name: s.confirm_pickup }));
    await waitFor(() =>
      expect(api.posts.at(-1)).toEqual({
        path: '/api/shipping/pickup',
        idempotencyKey: null,
        body: { order_id: '21', point_id: '5', fund_password: 'pass-123' },
      }),
    );
    expect(showToast).toHaveBeenCalledWith(s.pickup_requested, 'success');
  });

  it('pick-up asks only for a region, and says at once whether it has a point (and which)', async () => {
    const api = fakeApi({
      reads: {
        '/api/regions': regions,
        '/api/shipping/holdings': { items: [openHolding], requested: false },
        '/api/addresses': { items: [] },
        '/api/shipping/points': (url: URL) => ({
          items: url.searchParams.get('province') === 'CN-GD' ? [shenzhen] : [],
        }),
      },
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: s.pick_up }));
    const sheet = screen.getByRole('dialog', { name: s.pickup_title });
    // No address: no blocker, no way to /address; the region is asked for in the sheet.
    expect(await within(sheet).findByText(s.pickup_region_hint)).toBeTruthy();
    expect(within(sheet).queryByText(core.errors.delivery_address_required)).toBeNull();
    expect(within(sheet).queryByRole('link')).toBeNull();
    const pick = async (country: string, province: string) => {
      if (!screen.queryByRole('option', { name: country }))
        fireEvent.click(within(sheet).getByRole('button', { name: new RegExp(s.pickup_region) }));
      fireEvent.click(await screen.findByRole('option', { name: country }));
      fireEvent.click(await screen.findByRole('option', { name: province }));
    };
    await pick('Japan', 'Tokyo');
    expect(await within(sheet).findByText('No pick-up point in Tokyo, Japan yet')).toBeTruthy();
    expect((within(sheet).getByRole('button', { name: s.confirm_pickup }) as HTMLButtonElement).disabled).toBe(true);
    // The picker opens on the provinces of the country chosen; its back row returns to the countries.
    fireEvent.click(within(sheet).getByRole('button', { name: new RegExp(s.pickup_region) }));
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(s.all_countries) }));
    await pick('China', 'Guangdong');
    expect(await within(sheet).findByText('Pick-up points in Guangdong, China')).toBeTruthy();
    expect(
      within(sheet)
        .getByRole('radio', { name: /Shenzhen Futian Service Center/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(api.gets().map((get) => get.url.searchParams.get('province'))).toContain('JP-13');
  }, 20_000);

  it('shows the server’s refusal of a request (one per account) as a toast', async () => {
    const api = fakeApi({
      reads: {
        '/api/regions': regions,
        '/api/shipping/holdings': { items: [openHolding], requested: false },
        '/api/addresses': { items: [homeAddress] },
        '/api/shipping/points': { items: [shenzhen] },
      },
    });
    api.answerNext({
      status: 409,
      code: errorCatalog.delivery_already_requested.code,
      message: core.errors.delivery_already_requested,
    });
    renderWithProviders(<ShippingScreen />, '/shipping');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: s.pick_up }));
    const sheet = screen.getByRole('dialog', { name: s.pickup_title });
    await within(sheet).findByRole('radio', { name: /Shenzhen/ });
    fireEvent.change(within(sheet).getByLabelText(funds.funds.password), { target: { value: 'pass-123' } });
    fireEvent.click(within(sheet).getByRole('button', { name: s.confirm_pickup }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(core.errors.delivery_already_requested));
  });
});

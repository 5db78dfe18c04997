// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/shipping/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { AddressSheet } from './address-sheet';
import { homeAddress, regions } from './test-fixtures';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const s = en_US.shipping;
const phoneRefusal = {
  status: 400,
  code: errorCatalog.phone_invalid.code,
  message: 'Not a phone number of this country or region',
  field: 'phone',
};

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['shipping'] });

const sheet = () => screen.getByRole('dialog', { name: s.add_address });
const input = (label: string) => within(sheet()).getByLabelText(label);
const save = () => fireEvent.click(within(sheet()).getByRole('button', { name: s.save }));
/** The message under a field, as its input points to it. */
const messageOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
const regionButton = () => within(sheet()).getByRole('button', { name: new RegExp(s.region) });

/** Opens the picker (on the provinces once a country is chosen, with a way back to the countries) and picks. */
async function pickRegion(country: string, province: string) {
  fireEvent.click(regionButton());
  const back = screen.queryByRole('button', { name: new RegExp(s.all_countries) });
  if (back) fireEvent.click(back);
  fireEvent.click(
    within(screen.getByRole('dialog', { name: s.choose_country })).getByRole('option', { name: country }),
  );
  fireEvent.click(
    await within(screen.getByRole('dialog', { name: s.choose_province })).findByRole('option', { name: province }),
  );
}

async function fillValid() {
  await pickRegion('China', 'Guangdong');
  fireEvent.change(input(s.recipient), { target: { value: '  Li Lei ' } });
  fireEvent.change(input(s.phone), { target: { value: '138 0013 8000' } });
  fireEvent.change(input(s.postcode), { target: { value: '518000' } });
  fireEvent.change(input(s.detail), { target: { value: 'No. 1 Shennan Road' } });
}

describe('AddressSheet', () => {
  it('says what each of the five parts needs before anything is sent', () => {
    const api = fakeApi({ reads: { '/api/regions': regions } });
    renderWithProviders(<AddressSheet editing="new" onClose={() => undefined} />);
    save();
    expect(messageOf(regionButton())).toBe(s.region_required);
    expect(messageOf(input(s.recipient))).toBe(s.recipient_required);
    expect(messageOf(input(s.phone))).toBe(s.phone_required);
    expect(messageOf(input(s.postcode))).toBe(s.postcode_required);
    expect(messageOf(input(s.detail))).toBe(s.detail_required);
    expect(api.posts).toEqual([]);
  });

  it('picks the region: the country, then one of its provinces', async () => {
    fakeApi({ reads: { '/api/regions': regions } });
    renderWithProviders(<AddressSheet editing="new" onClose={() => undefined} />);
    await pickRegion('China', 'Guangdong');
    expect(regionButton().textContent).toContain('Guangdong, China');
    // Opened again, it shows the provinces of the country chosen, the province marked.
    fireEvent.click(regionButton());
    const provinces = screen.getByRole('dialog', { name: s.choose_province });
    expect(within(provinces).getByRole('option', { name: 'Guangdong' }).getAttribute('aria-selected')).toBe('true');
    expect(within(provinces).getByRole('option', { name: 'Beijing' }).getAttribute('aria-selected')).toBe('false');
    expect(regionButton().getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the postcode against the country chosen', async () => {
    fakeApi({ reads: { '/api/regions': regions } });
    renderWithProviders(<AddressSheet editing="new" onClose={() => undefined} />);
    await fillValid();
    fireEvent.change(input(s.postcode), { target: { value: '100-0001' } });
    save();
    expect(messageOf(input(s.postcode))).toBe('Not a postcode of China (e.g. 518000)');
    await pickRegion('Japan', 'Tokyo');
    expect(input(s.postcode).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server’s refusal of the phone on the phone field, until the phone changes', async () => {
    const api = fakeApi({ reads: { '/api/regions': regions }, data: { address: homeAddress } });
    api.answerNext(phoneRefusal);
    const onClose = vi.fn();
    renderWithProviders(<AddressSheet editing="new" onClose={onClose} />);
    await fillValid();
    save();
    await waitFor(() => expect(messageOf(input(s.phone))).toBe(phoneRefusal.message));
    expect(input(s.phone).getAttribute('aria-invalid')).toBe('true');
    expect(showToast).toHaveBeenCalledWith(phoneRefusal.message);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(input(s.phone), { target: { value: '139 1234 5678' } });
    expect(input(s.phone).getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the address trimmed, says so and closes', async () => {
    const api = fakeApi({ reads: { '/api/regions': regions }, data: { address: homeAddress } });
    const onClose = vi.fn();
    renderWithProviders(<AddressSheet editing="new" onClose={onClose} />);
    await fillValid();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.posts).toEqual([
      {
        path: '/api/addresses',
        idempotencyKey: null,
        body: {
          country: 'CN',
          province: 'CN-GD',
          recipient: 'Li Lei',
          phone: '138 0013 8000',
          postcode: '518000',
          detail: 'No. 1 Shennan Road',
        },
      },
    ]);
    expect(showToast).toHaveBeenCalledWith(s.saved, 'success');
  });

  it('edits an address in place: its values filled in, sent with PUT to its id', async () => {
    const api = fakeApi({ reads: { '/api/regions': regions }, data: { address: homeAddress } });
    const onClose = vi.fn();
    renderWithProviders(<AddressSheet editing={homeAddress} onClose={onClose} />);
    const form = screen.getByRole('dialog', { name: s.edit_address });
    expect((within(form).getByLabelText(s.recipient) as HTMLInputElement).value).toBe('Li Lei');
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: new RegExp(s.region) }).textContent).toContain(
        'Guangdong, China',
      ),
    );
    fireEvent.change(within(form).getByLabelText(s.recipient), { target: { value: 'Han Meimei' } });
    fireEvent.click(within(form).getByRole('button', { name: s.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.posts).toEqual([
      {
        method: 'PUT',
        path: '/api/addresses/11',
        idempotencyKey: null,
        body: expect.objectContaining({ recipient: 'Han Meimei', phone: '+8613800138000', province: 'CN-GD' }),
      },
    ]);
  });
});

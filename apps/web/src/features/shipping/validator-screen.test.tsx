// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US as core } from '@wallx/shared/i18n/errors/en_US';
import { en_US } from '@wallx/shared/i18n/shipping/en_US';
import { session } from '../../lib/session-store';
import { fakeApi, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { testUser } from '../../lib/test-user';
import { showToast } from '../../lib/toast';
import { ValidatorScreen } from './validator-screen';
import { CODE, IdleObserver, voucher } from './test-fixtures';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const s = en_US.shipping;
const writtenOff = { ...voucher, status: 'written_off' as const, written_off_at: '2026-11-24T09:00:00.000Z' };
const noWriteoffs = { items: [], next_cursor: null };

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['shipping'] });

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', IdleObserver);
  session.updateAccount({ userinfo: { ...testUser, is_validator: true } });
});

const codeField = () => screen.getByLabelText(s.writeoff_code);
const messageOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

function lookUp(typed: string) {
  fireEvent.change(codeField(), { target: { value: typed } });
  fireEvent.click(screen.getByRole('button', { name: s.look_up }));
}

describe('ValidatorScreen', () => {
  it('tells an account that is not a validator so, with no form to fill', async () => {
    session.updateAccount({ userinfo: testUser });
    fakeApi();
    renderWithProviders(<ValidatorScreen />, '/validator');
    expect(await screen.findByRole('heading', { name: s.not_validator })).toBeTruthy();
    expect(screen.queryByLabelText(s.writeoff_code)).toBeNull();
    expect(screen.getByRole('link', { name: s.back_to_wallet }).getAttribute('href')).toBe('/user');
  });

  it('looks a code up as typed (case, spaces and dashes forgiven), shows the voucher and writes it off', async () => {
    const api = fakeApi({
      reads: { '/api/validator/writeoffs': noWriteoffs },
      writes: { '/api/validator/vouchers/lookup': voucher },
      data: writtenOff,
    });
    renderWithProviders(<ValidatorScreen />, '/validator');
    expect(await screen.findByRole('heading', { name: s.writeoffs_empty })).toBeTruthy();
    lookUp('abcd efgh-jklm npqr');
    const card = await screen.findByRole('article', { name: s.voucher });
    // The code goes in a POST body, never in a URL that access logs keep.
    expect(api.posts[0]).toEqual({
      path: '/api/validator/vouchers/lookup',
      idempotencyKey: null,
      body: { code: CODE },
    });
    expect(api.gets().some((get) => get.url.href.includes(CODE))).toBe(false);
    expect(within(card).getByTestId('validator-code').textContent).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(within(card).getByText(s.status.pending)).toBeTruthy();
    expect(within(card).getByText('0x12345...67890')).toBeTruthy();
    expect(within(card).getByText('Shenzhen Futian Service Center')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: s.confirm_writeoff }));
    await waitFor(() => expect(within(card).getByText(s.writeoff_done)).toBeTruthy());
    expect(api.posts.slice(1)).toEqual([
      { path: '/api/validator/writeoff', idempotencyKey: null, body: { code: CODE } },
    ]);
    expect(within(card).queryByRole('button', { name: s.confirm_writeoff })).toBeNull();
    expect(showToast).toHaveBeenCalledWith(s.written_off, 'success');
  });

  it('checks the code before asking: required, 16 letters and digits', async () => {
    const api = fakeApi({ reads: { '/api/validator/writeoffs': noWriteoffs } });
    renderWithProviders(<ValidatorScreen />, '/validator');
    await screen.findByRole('heading', { name: s.writeoffs_empty });
    fireEvent.click(screen.getByRole('button', { name: s.look_up }));
    expect(messageOf(codeField())).toBe(s.code_required);
    lookUp('ABCD-EFGH');
    expect(messageOf(codeField())).toBe(s.code_invalid);
    expect(api.posts).toEqual([]);
  });

  it('shows on the code field what the server says of the code: unknown or used, not at my point', async () => {
    const refusals: Record<string, Refusal> = {
      ABCDEFGHJKLMNPQR: new Refusal(400, errorCatalog.writeoff_code_invalid.code, core.errors.writeoff_code_invalid),
      ZZZZZZZZZZZZZZZZ: new Refusal(403, errorCatalog.no_permission.code, core.errors.no_permission),
    };
    fakeApi({
      reads: { '/api/validator/writeoffs': noWriteoffs },
      writes: { '/api/validator/vouchers/lookup': ({ code }: { code: string }) => refusals[code] },
    });
    renderWithProviders(<ValidatorScreen />, '/validator');
    await screen.findByRole('heading', { name: s.writeoffs_empty });
    lookUp(CODE);
    await waitFor(() => expect(messageOf(codeField())).toBe(core.errors.writeoff_code_invalid));
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    lookUp('zzzz-zzzz-zzzz-zzzz');
    await waitFor(() => expect(messageOf(codeField())).toBe(core.errors.no_permission));
    expect(screen.queryByRole('article', { name: s.voucher })).toBeNull();
  });

  it('keeps the voucher pending and says why when the write-off is refused (no stock left at the point)', async () => {
    const api = fakeApi({
      reads: { '/api/validator/writeoffs': noWriteoffs },
      writes: { '/api/validator/vouchers/lookup': voucher },
    });
    api.answerNext({
      status: 409,
      code: errorCatalog.insufficient_inventory.code,
      message: core.errors.insufficient_inventory,
    });
    renderWithProviders(<ValidatorScreen />, '/validator');
    await screen.findByRole('heading', { name: s.writeoffs_empty });
    lookUp(CODE);
    const card = await screen.findByRole('article', { name: s.voucher });
    fireEvent.click(within(card).getByRole('button', { name: s.confirm_writeoff }));
    expect((await within(card).findByRole('alert')).textContent).toBe(core.errors.insufficient_inventory);
    expect(within(card).getByText(s.status.pending)).toBeTruthy();
    expect(within(card).getByRole('button', { name: s.confirm_writeoff })).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith(core.errors.insufficient_inventory);
  });

  it('shows a voucher already written off without a button, and lists my write-offs', async () => {
    fakeApi({
      reads: { '/api/validator/writeoffs': { items: [writtenOff], next_cursor: null } },
      writes: { '/api/validator/vouchers/lookup': writtenOff },
    });
    renderWithProviders(<ValidatorScreen />, '/validator');
    const list = await screen.findByRole('list', { name: s.my_writeoffs });
    expect(within(list).getByText('ABCD-EFGH-JKLM-NPQR')).toBeTruthy();
    lookUp(CODE);
    const card = await screen.findByRole('article', { name: s.voucher });
    expect(within(card).getByText(s.already_written_off)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: s.confirm_writeoff })).toBeNull();
  });
});

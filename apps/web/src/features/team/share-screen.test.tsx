// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en_US } from '@wallx/shared/i18n/team/en_US';
import { copyWithToast } from '../../lib/copy';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { renderPoster } from './poster';
import type * as PosterModule from './poster';
import { ShareScreen } from './share-screen';

vi.mock('../../lib/copy', () => ({ copyWithToast: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
// jsdom has no canvas: the drawing itself is poster.test.ts's.
vi.mock('./poster', async (original) => ({ ...(await original<typeof PosterModule>()), renderPoster: vi.fn() }));

const t = en_US.team;
const link = 'https://wallx.example/join?code=ABCD2345';
const reads = { '/api/share/info': { share_code: 'ABCD2345', link } };

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['team'] });

beforeEach(() => {
  vi.mocked(renderPoster).mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:poster-1');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

function stubShare(canShare: boolean) {
  const share = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'canShare', { value: vi.fn(() => canShare), configurable: true });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  return share;
}

describe('ShareScreen', () => {
  it('shows the code, the link and the QR code of the link, each copied with its button', async () => {
    fakeApi({ reads });
    renderWithProviders(<ShareScreen />);
    expect((await screen.findByTestId('share-code')).textContent).toBe('ABCD2345');
    expect(screen.getByTestId('share-link').textContent).toBe(link);
    const qr = screen.getByRole('img', { name: t.qr_label });
    expect(qr.getAttribute('viewBox')).toMatch(/^-4 -4 \d+ \d+$/);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M/);

    fireEvent.click(screen.getByRole('button', { name: t.copy_code }));
    fireEvent.click(screen.getByRole('button', { name: t.copy_link }));
    expect(vi.mocked(copyWithToast).mock.calls).toEqual([['ABCD2345'], [link]]);
  });

  it('makes a poster to save through a download link and to share as a file', async () => {
    const share = stubShare(true);
    fakeApi({ reads });
    renderWithProviders(<ShareScreen />);
    fireEvent.click(await screen.findByRole('button', { name: t.make_poster }));
    const sheet = await screen.findByRole('dialog', { name: t.poster });
    expect(vi.mocked(renderPoster)).toHaveBeenCalledWith(
      expect.objectContaining({
        shareCode: 'ABCD2345',
        link,
        texts: {
          headline: t.poster_headline,
          tagline: t.poster_tagline,
          scan: t.poster_scan,
          codeLabel: t.poster_code,
        },
      }),
    );
    const { qr } = vi.mocked(renderPoster).mock.calls[0]![0];
    expect(qr.size).toBeGreaterThanOrEqual(21);

    expect(within(sheet).getByRole('img').getAttribute('src')).toBe('blob:poster-1');
    const save = within(sheet).getByRole('link', { name: t.save_poster });
    expect(save.getAttribute('href')).toBe('blob:poster-1');
    expect(save.getAttribute('download')).toBe('wallx-invite-ABCD2345.png');

    fireEvent.click(within(sheet).getByRole('button', { name: t.share_poster }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [{ files, text }] = share.mock.calls[0] as unknown as [{ files: File[]; text: string }];
    expect(files.map((file) => [file.name, file.type])).toEqual([['wallx-invite-ABCD2345.png', 'image/png']]);
    expect(text).toContain(link);
  });

  it('offers no share button where the phone cannot share files', async () => {
    stubShare(false);
    fakeApi({ reads });
    renderWithProviders(<ShareScreen />);
    fireEvent.click(await screen.findByRole('button', { name: t.make_poster }));
    const sheet = await screen.findByRole('dialog', { name: t.poster });
    expect(within(sheet).getByRole('link', { name: t.save_poster })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: t.share_poster })).toBeNull();
  });
});

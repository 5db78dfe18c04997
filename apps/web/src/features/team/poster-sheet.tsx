import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet';
import { showToast } from '../../lib/toast';
import type { QrMatrix } from '../../components/qr-code';
import { renderPoster } from './poster';
import { DownloadIcon, ImageIcon, ShareIcon } from './team-icons';

type Poster = { url: string; file: File; canShare: boolean };

/** Whether the phone can hand this file to another app (navigator.share with files). */
function canShareFile(file: File): boolean {
  try {
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

/** The poster is drawn when asked for; its blob URL lives until the next poster or the screen's end. */
function usePoster(qr: QrMatrix, shareCode: string, link: string) {
  const { t } = useTranslation();
  const [poster, setPoster] = useState<Poster | null>(null);
  const [isMaking, setMaking] = useState(false);
  const url = useRef<string | null>(null);
  useEffect(() => () => void (url.current && URL.revokeObjectURL(url.current)), []);

  async function make(): Promise<boolean> {
    setMaking(true);
    try {
      // Canvas text uses whatever font is ready: wait for the page's.
      await document.fonts?.ready;
      const blob = await renderPoster({
        qr,
        shareCode,
        link,
        fontFamily: getComputedStyle(document.body).fontFamily,
        texts: {
          headline: t('team.poster_headline'),
          tagline: t('team.poster_tagline'),
          scan: t('team.poster_scan'),
          codeLabel: t('team.poster_code'),
        },
      });
      const file = new File([blob], `wallx-invite-${shareCode}.png`, { type: 'image/png' });
      if (url.current) URL.revokeObjectURL(url.current);
      url.current = URL.createObjectURL(blob);
      setPoster({ url: url.current, file, canShare: canShareFile(file) });
      return true;
    } catch (error) {
      console.error('Poster failed', error);
      showToast(t('team.poster_failed'), 'fail');
      return false;
    } finally {
      setMaking(false);
    }
  }

  return { poster, isMaking, make };
}

async function sharePoster(file: File, text: string, failedText: string): Promise<void> {
  try {
    await navigator.share({ files: [file], title: 'WALLX', text });
  } catch (error) {
    // Closing the share sheet is a choice, not a failure.
    if (!(error instanceof DOMException && error.name === 'AbortError')) showToast(failedText, 'fail');
  }
}

/** "Create a poster" and the sheet that shows it, to save (a download link) or to share (the share sheet). */
export function PosterButton({ qr, shareCode, link }: { qr: QrMatrix; shareCode: string; link: string }) {
  const { t } = useTranslation();
  const { poster, isMaking, make } = usePoster(qr, shareCode, link);
  const [isOpen, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => void make().then((isMade) => setOpen(isMade))}
        disabled={isMaking}
        aria-busy={isMaking}
      >
        <ImageIcon />
        {isMaking ? t('team.poster_making') : t('team.make_poster')}
      </button>
      <BottomSheet visible={isOpen} onClose={() => setOpen(false)} title={t('team.poster')} className="poster-sheet">
        {poster && (
          <>
            <img
              className="poster-sheet__image"
              src={poster.url}
              alt={t('team.poster_alt', { code: shareCode })}
              width={750}
              height={1334}
            />
            <div className="poster-sheet__actions">
              <a className="button button--primary" href={poster.url} download={poster.file.name}>
                <DownloadIcon />
                {t('team.save_poster')}
              </a>
              {poster.canShare && (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() =>
                    void sharePoster(poster.file, `${t('team.poster_headline')} ${link}`, t('team.share_failed'))
                  }
                >
                  <ShareIcon />
                  {t('team.share_poster')}
                </button>
              )}
            </div>
            <p className="poster-sheet__hint">{t('team.poster_hint')}</p>
          </>
        )}
      </BottomSheet>
    </>
  );
}

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet';
import { showToast } from '../../lib/toast';
import { createFrameReader } from './qr-scanner';
import { ScanIcon } from './shipping-icons';

/** How often a frame is read: often enough to feel instant, rarely enough to leave the phone cool. */
const SCAN_INTERVAL_MS = 250;

type Status = 'starting' | 'scanning' | 'denied' | 'unavailable';

/** Why the camera could not start, as the user can act on it. */
function statusOf(error: unknown): Status {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    ? 'denied'
    : 'unavailable';
}

/**
 * The camera, reading frames until one holds a QR code that `accept` takes. Mounted only while the
 * sheet is open: unmounting stops the camera.
 */
function Scanner({ accept }: { accept: (text: string) => boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('starting');
  const latestAccept = useRef(accept);
  useLayoutEffect(() => {
    latestAccept.current = accept;
  });

  useEffect(() => {
    let isStopped = false;
    let timer: number | undefined;
    let stream: MediaStream | null = null;
    let refused: string | null = null;
    const stopCamera = () => stream?.getTracks().forEach((track) => track.stop());

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NotFoundError');
      const reader = createFrameReader();
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const element = video.current;
      // Closed while the browser asked for the camera: the cleanup ran before there was a stream.
      if (isStopped || !element) return stopCamera();
      element.srcObject = stream;
      await element.play();
      const read = await reader;
      if (isStopped) return;
      setStatus('scanning');
      const tick = async () => {
        const texts = await read(element).catch(() => []);
        if (isStopped) return;
        const text = texts[0];
        if (text !== undefined && latestAccept.current(text)) return;
        // Another QR code (a link, a payment): said once, and the camera keeps looking.
        if (text !== undefined && text !== refused) {
          refused = text;
          showToast(t('shipping.scan_not_code'));
        }
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    }

    start().catch((error: unknown) => {
      if (!isStopped) setStatus(statusOf(error));
    });
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stopCamera();
    };
  }, [t]);

  const message = {
    starting: t('shipping.scan_starting'),
    scanning: t('shipping.scan_hint'),
    denied: t('shipping.camera_denied'),
    unavailable: t('shipping.camera_unavailable'),
  }[status];
  const isFailed = status === 'denied' || status === 'unavailable';
  return (
    <div className="scanner" data-status={status}>
      <div className={`scanner__view${isFailed ? ' is-off' : ''}`}>
        <video ref={video} className="scanner__video" playsInline muted aria-hidden="true" />
        <span className="scanner__frame" aria-hidden="true" />
      </div>
      {isFailed && (
        <span className="scanner__off" aria-hidden="true">
          <ScanIcon />
        </span>
      )}
      <p className={`scanner__message${isFailed ? ' is-failed' : ''}`} role={isFailed ? 'alert' : 'status'}>
        {message}
      </p>
    </div>
  );
}

/** Scanning a voucher's QR code with the camera; `accept` answers whether the text was a code it takes. */
export function ScanSheet({
  visible,
  onClose,
  accept,
}: {
  visible: boolean;
  onClose: () => void;
  accept: (text: string) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <BottomSheet visible={visible} onClose={onClose} title={t('shipping.scan_title')} className="scan-sheet">
      {visible && <Scanner accept={accept} />}
    </BottomSheet>
  );
}

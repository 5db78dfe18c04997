import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createFrameReader } from '../lib/qr-scanner';
import { showToast } from '../lib/toast';
import { BottomSheet } from './bottom-sheet';
import { Icon, type IconProps } from './icons';
import './scan-sheet.css';

export const ScanIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8.5V6a2 2 0 0 1 2-2h2.5M15.5 4H18a2 2 0 0 1 2 2v2.5M20 15.5V18a2 2 0 0 1-2 2h-2.5M8.5 20H6a2 2 0 0 1-2-2v-2.5" />
    <path d="M4 12h16" />
  </Icon>
);

/**
 * What the scanner says, in the words of what it scans (a voucher, a wallet address): each screen
 * passes its own, from the texts it loads.
 */
export type ScanTexts = {
  title: string;
  starting: string;
  hint: string;
  /** Said once per other QR code seen (a link, a payment). */
  rejected: string;
  denied: string;
  unavailable: string;
};

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
function Scanner({ accept, texts }: { accept: (text: string) => boolean; texts: ScanTexts }) {
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('starting');
  const latestAccept = useRef(accept);
  const rejected = useRef(texts.rejected);
  useLayoutEffect(() => {
    latestAccept.current = accept;
    rejected.current = texts.rejected;
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
          showToast(rejected.current);
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
  }, []);

  const message = {
    starting: texts.starting,
    scanning: texts.hint,
    denied: texts.denied,
    unavailable: texts.unavailable,
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

/**
 * Scanning a QR code with the camera (a voucher at the validator's desk, a wallet address on a
 * recipient field); `accept` answers whether the text was one it takes.
 */
export function ScanSheet({
  visible,
  onClose,
  accept,
  texts,
}: {
  visible: boolean;
  onClose: () => void;
  accept: (text: string) => boolean;
  texts: ScanTexts;
}) {
  return (
    <BottomSheet visible={visible} onClose={onClose} title={texts.title} className="scan-sheet">
      {visible && <Scanner accept={accept} texts={texts} />}
    </BottomSheet>
  );
}

// The installed app's notices (issue 50; decision 163): "you are offline" and "a new version is
// ready". A second entry of the build, without React: the page's inline script (index.html) loads
// it only when it has one of them to show, so that no visit pays for it otherwise, and the service
// worker keeps it, so that it shows offline too. Its texts, all five languages, come with it.
import * as texts from '@wallx/shared/i18n/pwa/index';

export type NoticeKind = 'offline' | 'online' | 'update';

/**
 * The app's language, as the page's shell and the app set it on <html lang> ('zh-CN'). Nothing is
 * imported from the app's own chunk: each name it lent would cost the home page's budget bytes.
 */
function language(): keyof typeof texts {
  const tag = document.documentElement.lang.replace('-', '_');
  return tag in texts ? (tag as keyof typeof texts) : 'en_US';
}

const styles: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  zIndex: '1000',
  left: '50%',
  transform: 'translateX(-50%)',
  top: 'calc(env(safe-area-inset-top) + 8px)',
  width: 'calc(min(100vw, var(--app-max-width, 540px)) - 24px)',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: '10px',
  padding: '10px 12px 10px 14px',
  borderRadius: '14px',
  background: '#182036',
  border: '1px solid rgba(255, 255, 255, 0.1)',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.45)',
  color: '#eef1f8',
  fontSize: '14px',
  lineHeight: '1.4',
};

function button(label: string, primary: boolean, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  Object.assign(element.style, {
    flex: 'none',
    minHeight: '36px',
    padding: '0 12px',
    border: 'none',
    borderRadius: '10px',
    font: 'inherit',
    fontWeight: '600',
    color: primary ? '#ffffff' : '#a5b0c8',
    background: primary ? '#8b5cf6' : 'transparent',
  } satisfies Partial<CSSStyleDeclaration>);
  element.addEventListener('click', onClick);
  return element;
}

const shown = new Map<'offline' | 'update', HTMLElement>();

function hide(kind: 'offline' | 'update') {
  shown.get(kind)?.remove();
  shown.delete(kind);
}

/**
 * Shows a notice, once. `worker` is the new version waiting to take over: "Reload" lets it, and the
 * page reloads when it has.
 */
export function show(kind: NoticeKind, worker?: ServiceWorker): void {
  if (kind === 'online') return hide('offline');
  if (shown.has(kind)) return;
  const { pwa } = texts[language()];
  const notice = document.createElement('div');
  notice.className = `pwa-notice pwa-notice--${kind}`;
  notice.setAttribute('role', kind === 'offline' ? 'status' : 'alert');
  Object.assign(notice.style, styles);
  const message = document.createElement('span');
  message.style.flex = '1';
  message.textContent = kind === 'offline' ? pwa.offline : pwa.update_ready;
  notice.append(message);
  if (kind === 'update') {
    notice.append(
      button(pwa.dismiss, false, () => hide('update')),
      button(pwa.update_reload, true, () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        worker?.postMessage({ type: 'skip-waiting' });
      }),
    );
  }
  // Beside the offline notice, the update's sits below it.
  if (kind === 'update' && shown.has('offline')) notice.style.top = 'calc(env(safe-area-inset-top) + 72px)';
  document.body.append(notice);
  shown.set(kind, notice);
}

import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { config } from './lib/config';
import { currentDevice } from './lib/device';
import { initI18n } from './lib/i18n';
import { captureReferee } from './lib/referee';
import { installRootFontSize } from './lib/root-font-size';

async function start(): Promise<void> {
  installRootFontSize();
  captureReferee(window.location.search);
  const i18nLoaded = initI18n();
  // Created before the language is in, so the first screen's chunk downloads alongside the catalog.
  const router = createAppRouter();
  await i18nLoaded;
  const root = createRoot(document.getElementById('root')!);
  // The first screen is often ready by now (its code and texts load beside the catalog): rendered as
  // a transition, React yields to the phone between components instead of blocking it for the whole
  // screen. The shell in index.html (decision 131) stays up meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}

// The product is mobile-only: desktop visitors go to the main website before anything renders.
if (currentDevice() === 'pc') {
  window.location.replace(config.mainSiteUrl);
} else {
  // A task of its own: the browser has just run every module of the app's core (one long task on a
  // slow phone); it may paint and answer input before the boot begins.
  setTimeout(() => void start(), 0);
}

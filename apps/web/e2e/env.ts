/** Settings shared by playwright.config.ts and the specs. */
export const port = Number(process.env.WALLX_E2E_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${port}`;
/** The stand-in WalletConnect relay (e2e/walletconnect-relay.mjs), on the port after the server's. */
export const relayUrl = `ws://127.0.0.1:${port + 1}`;
/** Any URL will do: the desktop test intercepts it, so no real network is touched. */
export const mainSiteUrl = 'https://example.com/wallx-main';

/** The console's operator in the browser tests: named by the e2e server's OPERATORS, admin role. */
export const operatorKey = `0x${'a1'.repeat(32)}` as const;
/** The second admin OPERATORS names: changes of operators proposed by the first are approved by this one. */
export const secondOperatorKey = `0x${'a2'.repeat(32)}` as const;

/** Debian's full Chromium: the browser the headless shell stands in for, and the one with a fake camera. */
export const fullChromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** A second server some specs start for themselves (companion-unavailable.spec.ts: no model configured). */
export const secondServerPort = port + 2;

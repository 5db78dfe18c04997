/** Set at build time by vite.config.ts: the web package's version and the commit it was built from. */
declare const __APP_VERSION__: string;

/** Runtime settings the server writes into index.html at serve time (see the `<!--wallx-config-->` slot). */
export type AppConfig = {
  /** Origin of the API; '' means the same origin that served the page. */
  apiHost: string;
  /** Where desktop visitors are sent. */
  mainSiteUrl: string;
};

declare global {
  interface Window {
    __WALLX_CONFIG__?: Partial<AppConfig>;
  }
}

const defaults: AppConfig = { apiHost: '', mainSiteUrl: 'https://wallx.io' };

export function readConfig(injected: Partial<AppConfig> | undefined): AppConfig {
  const apiHost = typeof injected?.apiHost === 'string' ? injected.apiHost.replace(/\/+$/, '') : defaults.apiHost;
  const mainSiteUrl =
    typeof injected?.mainSiteUrl === 'string' && injected.mainSiteUrl !== ''
      ? injected.mainSiteUrl
      : defaults.mainSiteUrl;
  return { apiHost, mainSiteUrl };
}

export const config: AppConfig = readConfig(typeof window === 'undefined' ? undefined : window.__WALLX_CONFIG__);

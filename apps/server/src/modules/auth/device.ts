/**
 * A short name for the device behind a user agent, for a user to recognise their sessions: the
 * system, and the wallet or browser. Empty when neither can be told.
 */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  const ua = userAgent;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Macintosh|Mac OS X/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  // Wallets' own browsers first: they also name the engine they are built on.
  const apps: Array<[RegExp, string]> = [
    [/TokenPocket/i, 'TokenPocket'],
    [/Trust/i, 'Trust Wallet'],
    [/MetaMask/i, 'MetaMask'],
    [/OKApp|OKEx|OKX/i, 'OKX Wallet'],
    [/BitKeep|Bitget/i, 'Bitget Wallet'],
    [/MicroMessenger/i, 'WeChat'],
    [/Telegram/i, 'Telegram'],
    [/Line\//, 'LINE'],
    [/EdgA?\//, 'Edge'],
    [/Firefox|FxiOS/, 'Firefox'],
    [/CriOS|Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const app = apps.find(([pattern]) => pattern.test(ua))?.[1] ?? '';
  return [system, app].filter(Boolean).join(' · ');
}

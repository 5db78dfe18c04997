// The component's own module, not the 'antd-mobile' index: the index pulls every component into
// the home page's module graph.
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { ReactNode } from 'react';
import { useAntdLocale } from '../lib/i18n';

/**
 * App-wide context. antd-mobile's locale follows the language once an antd-mobile component has
 * asked for it (see ensureAntdLocale). TanStack Query is provided by the lazy QueryLayout route.
 */
export function Providers({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  return <ConfigProvider {...(locale && { locale })}>{children}</ConfigProvider>;
}

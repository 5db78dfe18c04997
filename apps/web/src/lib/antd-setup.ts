import { setDefaultConfig, unstableSetRender } from 'antd-mobile';
import type { Locale } from 'antd-mobile/es/locales/base';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { createRoot, type Root } from 'react-dom/client';
import type { Language } from '@wallx/shared';
import { followLanguage } from './i18n';

type Container = (Element | DocumentFragment) & { _wallxRoot?: Root };

// antd-mobile's imperative APIs (Toast, Dialog.confirm) render with ReactDOM.render, which React 19
// removed; without this hook they silently show nothing. Imported by the modules that call those
// APIs (not by main.tsx), so the home page does not download it.
unstableSetRender((node, container: Container) => {
  container._wallxRoot ??= createRoot(container);
  const root = container._wallxRoot;
  root.render(node);
  return async () => {
    // Unmounting inside the render that asked for it makes React warn; wait a tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container._wallxRoot;
  };
});

// zh-CN is antd-mobile's own default, already loaded with it; the others load when wanted.
const localeLoaders: Record<Language, () => Promise<Locale>> = {
  zh_CN: () => Promise.resolve(zhCN),
  en_US: () => import('antd-mobile/es/locales/en-US').then((m) => m.default),
  ko_KR: () => import('antd-mobile/es/locales/ko-KR').then((m) => m.default),
  ja_JP: () => import('antd-mobile/es/locales/ja-JP').then((m) => m.default),
  id_ID: () => import('antd-mobile/es/locales/id-ID').then((m) => m.default),
};

// antd-mobile's texts (a dialog's buttons, a mask's label). The app renders no antd-mobile component
// in its own tree, only these imperative ones, which render in roots of their own, outside any
// ConfigProvider: they read the default config as they render, so that is what follows the language
// (no provider in the home page's first load). A component rendered in the app's tree would need a
// ConfigProvider again, in the lazy module that renders it.
export const antdLocaleFollowed = followLanguage(async (language) => {
  const locale = await localeLoaders[language]();
  return () => setDefaultConfig({ locale });
});

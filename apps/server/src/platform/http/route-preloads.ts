import fs from 'node:fs';
import path from 'node:path';
import { languageFromAcceptLanguage, type Language } from '@wallx/shared';

/**
 * dist/route-preloads.json, written by the web build (apps/web/route-preloads.ts): per app path, the
 * scripts and styles its screen loads beyond the page's own and the catalog sections it waits for;
 * per language, the catalog files.
 */
type RoutePreloads = {
  screens: Record<string, { scripts: string[]; styles: string[]; sections: string[] }>;
  catalogs: Record<string, Record<string, string>>;
};

const asset = /^\/assets\/[\w.-]+\.(js|css)$/;

function isRoutePreloads(value: unknown): value is RoutePreloads {
  const preloads = value as RoutePreloads;
  return (
    typeof preloads === 'object' &&
    preloads !== null &&
    typeof preloads.screens === 'object' &&
    typeof preloads.catalogs === 'object'
  );
}

/** The app's route matching ignores case and a trailing slash (apps/web/src/app/route-access.ts). */
function normalizePath(pathName: string): string {
  const lower = pathName.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

export type PagePreloads = {
  /** The `<link>` elements for the page of this URL, in this Accept-Language; '' when there are none. */
  linksFor(url: string, acceptLanguage: string | undefined): string;
};

/**
 * Hints for the page the server answers at a screen's path: the screen's code and texts start
 * downloading beside the app's own instead of after it has run. The language is the one the app will
 * pick on a first visit (its Accept-Language); a visitor who chose another in the app fetches a few
 * KB of catalog for nothing. A guest sent home from a user's screen likewise. Absent or unreadable
 * file: no hints, the app loads as before.
 */
export function loadPagePreloads(distDir: string): PagePreloads {
  let preloads: RoutePreloads | null = null;
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(distDir, 'route-preloads.json'), 'utf8'));
    if (isRoutePreloads(parsed)) preloads = parsed;
  } catch {
    // A build without the file (or a test's fake dist).
  }
  const cache = new Map<string, string>();

  const build = (screenPath: string, language: Language): string => {
    const screen = preloads?.screens[screenPath];
    if (!screen) return '';
    const catalogs = preloads?.catalogs[language] ?? {};
    const scripts = [catalogs.core, ...screen.sections.map((section) => catalogs[section]), ...screen.scripts];
    const links = [
      // crossorigin as the app's own requests for them (Vite's loader), so that the browser reuses these.
      ...scripts
        .filter((file): file is string => typeof file === 'string' && asset.test(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
      ...screen.styles
        .filter((file) => asset.test(file))
        .map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
    ];
    return links.join('');
  };

  return {
    linksFor(url, acceptLanguage) {
      const screenPath = normalizePath(url.split('?')[0]!);
      if (!preloads?.screens[screenPath]) return '';
      const language = languageFromAcceptLanguage(acceptLanguage);
      const key = `${screenPath} ${language}`;
      let links = cache.get(key);
      if (links === undefined) {
        links = build(screenPath, language);
        cache.set(key, links);
      }
      return links;
    },
  };
}

// A build plugin: writes dist/route-preloads.json, which tells the server what each screen loads
// (scripts, styles, catalog sections) so that it can name them in the page it serves for that path
// (apps/server/src/platform/http/web-app.ts). Without the hints a phone learns of a screen's code only once
// the app's own 125 KB has arrived and run: one more round trip on a slow network, and the app
// appending a link per file while the page starts.
import fs from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

/** The shape the server reads. Files are URL paths (`/assets/…`). */
export type RoutePreloads = {
  /** Per app path: the scripts beyond those the page already names, their styles, and the catalog sections the screen waits for. */
  screens: Record<string, { scripts: string[]; styles: string[]; sections: string[] }>;
  /** Per language: the core catalog (`core`) and each section's, as files. */
  catalogs: Record<string, Record<string, string>>;
};

type AstNode = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

function children(node: AstNode): AstNode[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

function literal(node: unknown): string | null {
  return isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
}

function calleeName(node: AstNode): string | null {
  const callee = node.callee;
  return node.type === 'CallExpression' && isNode(callee) && callee.type === 'Identifier' ? String(callee.name) : null;
}

/**
 * Reads router.tsx as written: `const x = lazyScreen(() => import('…'), 'Name', ['section', …])`
 * declares a lazy module, `screen('/path', x)` routes a path to it, and a route object's
 * `lazy: layout` wraps the screens among its `children`. Answers, per path, the module specifiers
 * (layouts first) and the sections they wait for.
 */
export function readScreens(routerSource: string): Map<string, { specifiers: string[]; sections: string[] }> {
  const program = parseAst(routerSource, { lang: 'tsx' }) as unknown as AstNode;
  const lazyModules = new Map<string, { specifier: string; sections: string[] }>();
  const screens = new Map<string, { specifiers: string[]; sections: string[] }>();

  const visit = (node: AstNode, layouts: string[]) => {
    if (
      node.type === 'VariableDeclarator' &&
      isNode(node.init) &&
      calleeName(node.init) === 'lazyScreen' &&
      isNode(node.id)
    ) {
      const [load, , sections] = node.init.arguments as AstNode[];
      const specifier =
        isNode(load) && isNode(load.body) && load.body.type === 'ImportExpression' ? literal(load.body.source) : null;
      if (specifier) {
        const names =
          isNode(sections) && sections.type === 'ArrayExpression' ? (sections.elements as unknown[]).map(literal) : [];
        lazyModules.set(String(node.id.name), {
          specifier,
          sections: names.filter((name): name is string => name !== null),
        });
      }
    }
    if (calleeName(node) === 'screen') {
      const [pathArgument, lazyArgument] = node.arguments as AstNode[];
      const routePath = literal(pathArgument);
      if (routePath && isNode(lazyArgument) && lazyArgument.type === 'Identifier') {
        const chain = [...layouts, String(lazyArgument.name)].map((name) => {
          const lazy = lazyModules.get(name);
          if (!lazy)
            throw new Error(`router.tsx: ${routePath} uses ${name}, which is not a lazyScreen declared above it`);
          return lazy;
        });
        screens.set(routePath, {
          specifiers: chain.map((lazy) => lazy.specifier),
          sections: [...new Set(chain.flatMap((lazy) => lazy.sections))],
        });
      }
    }
    let inner = layouts;
    if (node.type === 'ObjectExpression') {
      const lazy = (node.properties as AstNode[]).find(
        (property) => isNode(property.key) && property.key.name === 'lazy',
      );
      if (lazy && isNode(lazy.value) && lazy.value.type === 'Identifier') inner = [...layouts, String(lazy.value.name)];
    }
    for (const child of children(node)) visit(child, inner);
  };
  visit(program, []);
  return screens;
}

const catalogModule = /[\\/]packages[\\/]shared[\\/]src[\\/]i18n[\\/](?:(\w+)[\\/])?([a-z]{2}_[A-Z]{2})\.ts$/;

/** `paths`: every path the app routes (route-access.ts); the build fails when one has no screen here. */
export function routePreloads({ router, paths }: { router: string; paths: readonly string[] }): Plugin {
  return {
    name: 'wallx-route-preloads',
    apply: 'build',
    generateBundle: {
      // After Vite's own: it drops the chunks that only carried CSS and hands their styles to the importers.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byModule = new Map(
          chunks
            .filter((chunk) => chunk.facadeModuleId)
            .map((chunk) => [chunk.facadeModuleId!.replace(/\.[cm]?[jt]sx?$/, ''), chunk]),
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const url = (fileName: string) => `/${fileName}`;

        // What the page names already: the entry and everything it imports statically.
        const inPage = new Set<string>();
        const withImports = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? [])
            if (byFile.has(imported)) withImports(imported, into);
        };
        for (const chunk of chunks.filter((c) => c.isEntry)) withImports(chunk.fileName, inPage);

        const screens: RoutePreloads['screens'] = {};
        for (const [routePath, { specifiers, sections }] of readScreens(fs.readFileSync(router, 'utf8'))) {
          const files = new Set<string>();
          for (const specifier of specifiers) {
            const chunk = byModule.get(path.resolve(path.dirname(router), specifier));
            if (!chunk) throw new Error(`route-preloads: no chunk for ${specifier} (${routePath})`);
            withImports(chunk.fileName, files);
          }
          const scripts = [...files].filter((file) => !inPage.has(file));
          const styles = new Set(scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
          screens[routePath] = { scripts: scripts.map(url), styles: [...styles].map(url), sections };
        }

        const catalogs: RoutePreloads['catalogs'] = {};
        for (const chunk of chunks) {
          const match = chunk.facadeModuleId ? catalogModule.exec(chunk.facadeModuleId) : null;
          if (match) (catalogs[match[2]!] ??= {})[match[1] ?? 'core'] = url(chunk.fileName);
        }

        const unread = paths.filter((routePath) => !screens[routePath]);
        if (unread.length > 0)
          throw new Error(
            `route-preloads: router.tsx read without ${unread.join(', ')}; is readScreens still in step with it?`,
          );
        const preloads: RoutePreloads = { screens, catalogs };
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
      },
    },
  };
}

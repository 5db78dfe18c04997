import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutDocProblems } from './check-layout-doc.mjs';

const made = [];
/** A tree with these files (empty), in a temporary directory. */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-layout-'));
  made.push(root);
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), '');
  }
  return root;
}
afterEach(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('docs/server-layout.md', () => {
  it('the real page: every path it names exists and every entry of apps/server/src is described', () => {
    const doc = fs.readFileSync(new URL('../docs/server-layout.md', import.meta.url), 'utf8');
    expect(layoutDocProblems(doc)).toEqual([]);
  });

  it('names a path that does not exist, and an entry of apps/server/src the page does not describe', () => {
    const root = tree([
      'apps/server/src/platform/db/database.ts',
      'apps/server/src/kernel/ledger.ts',
      'apps/server/src/x.test.ts',
      'apps/web/src/features/home/home.tsx',
    ]);
    const doc = [
      '`apps/server/src/platform` and `apps/server/src/platform/db/`,',
      '`apps/server/src/modules/gone`, and a place to make: `apps/web/src/features/<feature>/`.',
    ].join('\n');
    expect(layoutDocProblems(doc, root)).toEqual([
      'docs/server-layout.md names apps/server/src/modules/gone, which does not exist',
      'apps/server/src/kernel is not described in docs/server-layout.md',
    ]);
  });
});

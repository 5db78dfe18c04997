import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexOf, readDecisions } from './check-decisions.mjs';

const made = [];
/** A docs/decisions/ of these files, in a temporary directory. */
function folder(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-decisions-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const decision = (number, title, status = 'accepted') =>
  `# ${number}. ${title}\n\n*2026-11-28 · ${status}*\n\nContext: … Decision: … Why: …\n`;

describe('docs/decisions/', () => {
  it('the real folder: every decision numbered without a gap, with its status, and its index in step', () => {
    const { problems, decisions } = readDecisions();
    expect(problems).toEqual([]);
    expect(decisions.length).toBeGreaterThan(100);
    const index = fs.readFileSync(new URL('../docs/decisions/README.md', import.meta.url), 'utf8');
    expect(index).toBe(indexOf(decisions));
  });

  it('reads titles and statuses, and indexes them in order', () => {
    const dir = folder({
      '001-one.md': decision(1, 'One'),
      '002-two-and-more.md': decision(2, 'Two | more', 'superseded by 3'),
      '003-three.md': decision(3, 'Three', 'amended by 4 (why)'),
      '004-four.md': decision(4, 'Four'),
    });
    const { problems, decisions } = readDecisions(dir);
    expect(problems).toEqual([]);
    expect(decisions.map(({ number, status }) => `${number} ${status}`)).toEqual([
      '1 accepted',
      '2 superseded by 3',
      '3 amended by 4 (why)',
      '4 accepted',
    ]);
    expect(indexOf(decisions)).toContain('| 2 | [Two \\| more](002-two-and-more.md) | 2026-11-28 | superseded by 3 |');
  });

  it('names each problem: a gap, a file name, a heading that is not its number, a missing or unknown status', () => {
    const dir = folder({
      '001-one.md': decision(1, 'One'),
      '003-three.md': decision(3, 'Three'),
      '004-Four.md': decision(4, 'Four'),
      '005-five.md': decision(6, 'Five'),
      '006-six.md': '# 6. Six\n\nContext: no status\n',
      '007-seven.md': decision(7, 'Seven', 'proposed'),
    });
    const { problems } = readDecisions(dir);
    expect(problems).toEqual([
      "004-Four.md: a decision's file is named NNN-title.md (lower case, dashes)",
      '005-five.md: its first line is "# 5. Title"',
      '006-six.md: its third line is the status, "*YYYY-MM-DD · accepted*" (or amended by N, superseded by N)',
      '007-seven.md: its third line is the status, "*YYYY-MM-DD · accepted*" (or amended by N, superseded by N)',
      '003-three.md: decision 2 is missing before it',
    ]);
  });
});

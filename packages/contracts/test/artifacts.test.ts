import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { compile } from '../scripts/compile.mjs';

describe('committed contract artifacts', () => {
  it('are what the Solidity sources compile to', () => {
    const fresh = compile() as Record<string, { abi: unknown; bytecode: string }>;
    for (const [name, artifact] of Object.entries(fresh)) {
      const committed = JSON.parse(fs.readFileSync(new URL(`../artifacts/${name}.json`, import.meta.url), 'utf8'));
      expect(committed.abi).toEqual(artifact.abi);
      expect(committed.bytecode).toBe(artifact.bytecode);
    }
  });
});

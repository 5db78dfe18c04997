import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { compile } from '../scripts/compile.mjs';

const artifactsDir = new URL('../artifacts/', import.meta.url);

describe('committed contract artifacts', () => {
  it('are exactly what the Solidity sources compile to: the same contracts, ABIs and bytecode', () => {
    const fresh = compile() as Record<string, { abi: { type: string; name?: string }[]; bytecode: string }>;
    const committed = fs
      .readdirSync(artifactsDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));
    // An empty or partial compile must not pass by comparing nothing: the sets are the same, and the
    // token the local chain deploys is among them.
    expect(Object.keys(fresh).sort()).toEqual(committed.sort());
    expect(Object.keys(fresh)).toContain('TestToken');
    for (const [name, artifact] of Object.entries(fresh)) {
      const stored = JSON.parse(fs.readFileSync(new URL(`${name}.json`, artifactsDir), 'utf8'));
      expect(stored.abi).toEqual(artifact.abi);
      expect(stored.bytecode).toBe(artifact.bytecode);
    }
    const token = fresh.TestToken!;
    const functions = token.abi.filter((entry) => entry.type === 'function').map((entry) => entry.name);
    expect(functions).toEqual(
      expect.arrayContaining(['transfer', 'transferFrom', 'approve', 'balanceOf', 'decimals', 'mint']),
    );
    expect(token.bytecode.length).toBeGreaterThan(2000);
  });
});

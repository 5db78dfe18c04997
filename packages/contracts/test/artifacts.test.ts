import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { compile } from '../scripts/compile.mjs';

const artifactsDir = new URL('../artifacts/', import.meta.url);

describe('committed contract artifacts', () => {
  // solc-js compiles every contract in a few seconds alone, longer beside other test files: room to spare.
  it(
    'are exactly what the Solidity sources compile to: the same contracts, ABIs and bytecode',
    { timeout: 60_000 },
    () => {
      const fresh = compile() as Record<string, { abi: { type: string; name?: string }[]; bytecode: string }>;
      const committed = fs
        .readdirSync(artifactsDir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.replace(/\.json$/, ''));
      // An empty or partial compile must not pass by comparing nothing: the sets are the same, and the
      // token the local chain deploys is among them.
      expect(Object.keys(fresh).sort()).toEqual(committed.sort());
      expect(Object.keys(fresh)).toEqual(expect.arrayContaining(['TestToken', 'DepositFactory', 'DepositForwarder']));
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

      // The deposit factory the server derives users' deposit addresses from, and what it clones.
      const names = (name: string, type: string) =>
        fresh[name]!.abi.filter((entry) => entry.type === type).map((entry) => entry.name);
      expect(names('DepositFactory', 'function').sort()).toEqual(
        ['addressOf', 'destination', 'implementation', 'sweep', 'sweepMany'].sort(),
      );
      expect(names('DepositFactory', 'event')).toEqual(['Swept']);
      expect(names('DepositForwarder', 'function').sort()).toEqual(['factory', 'forward']);
    },
  );
});

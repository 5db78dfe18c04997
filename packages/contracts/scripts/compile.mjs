// Compiles the test tokens offline with solc-js (no compiler download) into artifacts/.
// The artifacts are committed, so installing and running the project never needs this step;
// a test checks that they match the sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const root = fileURLToPath(new URL('..', import.meta.url));

export function compile() {
  const sources = Object.fromEntries(
    fs
      .readdirSync(path.join(root, 'contracts'))
      .filter((f) => f.endsWith('.sol'))
      .map((f) => [f, { content: fs.readFileSync(path.join(root, 'contracts', f), 'utf8') }]),
  );
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const artifacts = {};
  for (const file of Object.keys(output.contracts)) {
    for (const [name, contract] of Object.entries(output.contracts[file])) {
      artifacts[name] = {
        contractName: name,
        compiler: solc.version(),
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
      };
    }
  }
  return artifacts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, artifact] of Object.entries(compile())) {
    fs.writeFileSync(path.join(root, 'artifacts', `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`compiled ${name} with solc ${artifact.compiler}`);
  }
}

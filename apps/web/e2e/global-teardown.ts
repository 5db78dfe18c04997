import fs from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.WALLX_E2E_DATA_DIR;
  if (dir?.includes('wallx-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}

#!/usr/bin/env node
// `npm run bench`: runs every bench/*.ts with tsx and prints the machine first (numbers mean little without it).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cpus = os.cpus();
console.log(
  `machine: ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, ${os.platform()} ${os.release()}, node ${process.version}`,
);
// the CLI as `npm run build` leaves it (bin/cliBundle.mjs): the benches time what a user runs
const b = spawnSync(process.execPath, [path.join(root, 'scripts/build-cli.mjs')], { cwd: root, stdio: 'inherit' });
let failed = b.status === 0 ? 0 : 1;
for (const f of readdirSync(path.join(root, 'bench'))
  .filter((n) => n.endsWith('.ts'))
  .sort()) {
  console.log(`\n=== bench/${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', f)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);

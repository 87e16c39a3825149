#!/usr/bin/env node
// `npm start`: build the app with its built-in catalogs, then serve it locally (no network needed).
// A busy port (another explorer still running, say) moves to the next free one instead of failing.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './freePort.mjs';

const root = path.resolve(import.meta.dirname, '..');
const wanted = Number(process.env.PORT ?? 4173);

const port = await freePort(wanted, 20);
if (port === undefined) {
  console.error(`Ports ${wanted}..${wanted + 19} are all in use: set PORT to a free one.`);
  process.exit(1);
}

const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);
if (port !== wanted) console.log(`\nPort ${wanted} is in use; using ${port}.`);
console.log(`\nVersion Explorer: http://127.0.0.1:${port}/\n`);
const p = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
  cwd: root,
  stdio: 'inherit',
});
p.on('exit', (code) => process.exit(code ?? 0));

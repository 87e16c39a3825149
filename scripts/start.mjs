#!/usr/bin/env node
// `npm start`: build the app with its built-in catalogs, then serve it locally (no network needed).
// A busy port (another explorer still running, say) moves to the next free one instead of failing.
// The server runs in this process (Vite's preview API, no child process), so Ctrl+C, `kill` (SIGTERM) and
// SIGHUP all stop it and free the port, as does the end of the `npm start` that ran it.
// Options: --no-build (serve the last build as it is), --dir DIR (serve DIR instead of dist/).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { preview } from 'vite';
import { freePort } from './freePort.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({ options: { 'no-build': { type: 'boolean' }, dir: { type: 'string' } } });
const outDir = path.resolve(opts.dir ?? path.join(root, 'dist'));
const wanted = Number(process.env.PORT ?? 4173);

const port = await freePort(wanted, 20);
if (port === undefined) {
  console.error(`Ports ${wanted}..${wanted + 19} are all in use: set PORT to a free one.`);
  process.exit(1);
}

if (!opts['no-build']) {
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
if (!existsSync(path.join(outDir, 'index.html'))) {
  console.error(`No build in ${outDir}: run npm start without --no-build.`);
  process.exit(1);
}

const server = await preview({
  root,
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port, strictPort: true, open: false },
});
if (port !== wanted) console.log(`\nPort ${wanted} is in use; using ${port}.`);
console.log(`\nVersion Explorer: http://127.0.0.1:${port}/  (Ctrl+C to stop)\n`);

let stopping = false;
async function stop(reason) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}: stopping the server.`);
  // Open keep-alive connections would hold close() back: the exit below frees the port regardless.
  setTimeout(() => process.exit(0), 2000).unref();
  await server.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal));
// `kill <npm's pid>`: npm passes the signal to the shell it runs this script in, which exits without passing it
// on; this process is then adopted by another parent. That means the caller is gone: stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop('the npm process exited');
}, 500).unref();

#!/usr/bin/env node
// `npm start`: build the app with its built-in catalogs, then serve it locally (no network needed).
// A busy port (another explorer still running, say) moves to the next free one instead of failing.
import { spawnSync, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const wanted = Number(process.env.PORT ?? 4173);

const free = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

let port = wanted;
while (!(await free(port))) {
  if (port - wanted >= 20) {
    console.error(`Ports ${wanted}..${port} are all in use: set PORT to a free one.`);
    process.exit(1);
  }
  port++;
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

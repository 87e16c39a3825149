#!/usr/bin/env node
// `npm start`: build the app with its built-in catalogs, then serve it locally (no network needed).
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '4173';
const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);
console.log(`\nVersion Explorer: http://127.0.0.1:${port}/\n`);
const p = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort'], {
  cwd: root,
  stdio: 'inherit',
});
p.on('exit', (code) => process.exit(code ?? 0));

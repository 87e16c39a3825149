// The built app served by `vite preview` on a given port, for the bench and the screenshot script.
// --strictPort: on a shared machine another checkout's preview may hold the port; never measure that one.
import { spawn } from 'node:child_process';
import path from 'node:path';

export async function startPreview(
  root: string,
  port: number,
  outDir?: string,
): Promise<{ url: string; stop: () => void }> {
  const server = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      ...(outDir ? ['--outDir', outDir] : []),
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => server.kill() };
}

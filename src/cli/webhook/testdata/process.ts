// Test-only: `version-explorer <args>` as a child process, resolved once its log says where it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '../../../../bin/version-explorer.mjs');

export interface CliServer {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything written to stderr so far. */
  readonly stderr: () => string;
}

export async function startCli(args: readonly string[]): Promise<CliServer> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', () => {
      const m = /"url":"(https?:\/\/[^"]+)"/.exec(err);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', () => reject(new Error(`exited: ${err}`)));
  });
  return { child, url, stderr: () => err };
}

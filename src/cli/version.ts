// The CLI's version: package.json's, read once at startup (the CLI runs from the checkout, no build step).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version?: unknown;
};
export const VERSION = typeof pkg.version === 'string' ? pkg.version : 'unknown';

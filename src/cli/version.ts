// The CLI's version: package.json's, read once at startup.
import { readFileSync } from 'node:fs';
import { PACKAGE_JSON } from './paths.ts';

const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as {
  version?: unknown;
};
export const VERSION = typeof pkg.version === 'string' ? pkg.version : 'unknown';

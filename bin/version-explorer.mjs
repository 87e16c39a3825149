#!/usr/bin/env node
// Runs the CLI the build bundled when it is current (bin/cliBundle.mjs), else the TypeScript sources through tsx.
// VE_CLI_FROM_SOURCE=1 always runs the sources.
import { pathToFileURL } from 'node:url';
import { freshBundle } from './cliBundle.mjs';

const bundle = process.env.VE_CLI_FROM_SOURCE === '1' ? undefined : freshBundle();
let main;
if (bundle) ({ main } = await import(pathToFileURL(bundle).href));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));

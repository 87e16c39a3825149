#!/usr/bin/env node
// Runs the TypeScript CLI directly (no build step): tsx registers a loader for .ts files.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

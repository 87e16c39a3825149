// The checkout's files the CLI reads at run time, all from this one module: it sits two folders below the root, as
// the bundle the build writes does (bin/cliBundle.mjs), so the paths hold for both.
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built-in catalogs' sources (`--catalog crm-person`). */
export const BUILTIN_CATALOGS = path.join(ROOT, 'src', 'catalogs');
export const PACKAGE_JSON = path.join(ROOT, 'package.json');

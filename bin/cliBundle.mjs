// The CLI bundled by the build (scripts/build-cli.mjs): one module per thread instead of some 250 TypeScript files
// compiled at every start (about 0.7 s less CPU per process and per worker). It is used only while it is what the
// sources would build: its manifest lists every input with its size and modification time, and any difference
// (an edit, a checkout) sends the CLI back to the sources, so a stale bundle is never run.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Two folders below the root, as the sources' own modules are: their paths to the root stay true in the bundle. */
export const BUNDLE_DIR = path.join(ROOT, 'dist-cli', 'cli');
export const MANIFEST = 'inputs.json';

/** What the manifest records of one input file. */
export const fileStamp = (file) => {
  const s = statSync(file);
  return { size: s.size, mtimeMs: s.mtimeMs };
};

/** The bundle's entry when every input is as it was built from, else undefined (no bundle, or a stale one). */
export function freshBundle(dir = BUNDLE_DIR, root = ROOT) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'));
    for (const [file, stamp] of Object.entries(manifest.inputs)) {
      const now = fileStamp(path.join(root, file));
      if (now.size !== stamp.size || now.mtimeMs !== stamp.mtimeMs) return undefined;
    }
    return path.join(dir, manifest.entry);
  } catch {
    return undefined;
  }
}

// Files dropped on the page, folders included: a dropped `config/crd/bases` loads every CRD in it.
// The entries must be taken during the drop event (the browser empties the DataTransfer afterwards);
// reading them may happen later.

export interface TextFile {
  readonly name: string;
  readonly text: string;
}

/** What a drop gives to read: entries (files and folders) where the browser offers them, else plain files. */
export type Dropped = { readonly entries: readonly FileSystemEntry[] } | { readonly files: readonly File[] };

/** Call inside the drop handler. */
export function takeDropped(dt: DataTransfer): Dropped {
  const entries: FileSystemEntry[] = [];
  for (const item of dt.items) {
    const e = item.kind === 'file' ? item.webkitGetAsEntry?.() : null;
    if (e) entries.push(e);
  }
  return entries.length > 0 ? { entries } : { files: [...dt.files] };
}

const CATALOG_FILE = /\.(ya?ml|json)$/i;

/**
 * The text of every dropped file, and of every .yaml/.yml/.json file under dropped folders (path order,
 * names relative to the drop). Files that cannot be read are listed in `unreadable`, never thrown.
 */
export async function readDropped(d: Dropped): Promise<{ files: TextFile[]; unreadable: string[] }> {
  const files: TextFile[] = [];
  const unreadable: string[] = [];
  const read = async (name: string, file: () => Promise<File>) => {
    try {
      files.push({ name, text: await (await file()).text() });
    } catch {
      unreadable.push(name);
    }
  };
  if ('files' in d) {
    for (const f of d.files) await read(f.name, () => Promise.resolve(f));
    return { files, unreadable };
  }
  const walk = async (e: FileSystemEntry, prefix: string): Promise<void> => {
    const name = `${prefix}${e.name}`;
    if (e.isFile) {
      // A file dropped by itself is read whatever its name; inside a folder only catalog files are.
      if (prefix !== '' && !CATALOG_FILE.test(e.name)) return;
      await read(name, () => new Promise<File>((ok, fail) => (e as FileSystemFileEntry).file(ok, fail)));
      return;
    }
    if (!e.isDirectory) return;
    const reader = (e as FileSystemDirectoryEntry).createReader();
    const children: FileSystemEntry[] = [];
    // readEntries returns the listing in batches until an empty one.
    for (;;) {
      let batch: FileSystemEntry[];
      try {
        batch = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail));
      } catch {
        unreadable.push(`${name}/`);
        break;
      }
      if (batch.length === 0) break;
      children.push(...batch);
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const c of children) await walk(c, `${name}/`);
  };
  for (const e of d.entries) await walk(e, '');
  return { files, unreadable };
}

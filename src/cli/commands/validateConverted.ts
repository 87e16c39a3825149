// `convert --validate`: the converted document validated at its target version (what a client at that version
// writing it back would meet). Issues are placed at the source document's nearest line and say so.
import type { Catalog, Issue, ParsedDocument } from '../../core/index.ts';
import { formatIssue, validateDocument, withRanges } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';

/** Prints the converted document's validation issues; returns the errors (the API server would reject it). */
export function validateConverted(
  catalog: Catalog,
  output: unknown,
  doc: ParsedDocument,
  file: string,
  io: Pick<CommandIO, 'err'>,
): readonly Issue[] {
  const r = validateDocument(catalog, output);
  const at = r.version ? ` (converted, at ${r.version.name})` : ' (converted)';
  // infos ("checked on update") belong to `validate`; here only what refuses or warns
  for (const i of withRanges(r.issues, doc, file))
    if (i.severity !== 'info') io.err(`${formatIssue({ ...i, message: `${i.message}${at}` })}\n`);
  return r.issues.filter((i) => i.severity === 'error');
}

/** `convert` in the ASO view: the input validated at its own version (the write); returns the errors. */
export function validateSource(
  catalog: Catalog,
  doc: ParsedDocument,
  file: string,
  io: Pick<CommandIO, 'err'>,
): readonly Issue[] {
  const r = validateDocument(catalog, doc.value);
  for (const i of withRanges(r.issues, doc, file)) if (i.severity !== 'info') io.err(`${formatIssue(i)}\n`);
  return r.issues.filter((i) => i.severity === 'error');
}

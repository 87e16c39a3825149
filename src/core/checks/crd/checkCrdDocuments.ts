// "Would the API server accept these CRDs?" over parsed files: every CustomResourceDefinition document checked by
// checkCrdCel, its issues and rule costs placed in the file (line and column of the rule in the YAML). The CLI's
// crd-check and the explorer (the loaded catalog, Compare catalogs) both read this.
import type { Issue } from '../../model/issue.ts';
import { checkCrdCel, type RuleCost } from '../../cel/checkCrd.ts';
import { parseResources, type ParsedDocument } from '../../text/parseResources.ts';
import { withRanges } from '../../validate/index.ts';

export interface CrdReport {
  readonly file: string;
  readonly name?: string;
  readonly accepted: boolean;
  /** Each with the text of the CEL rule it is about, where it is about one. */
  readonly issues: readonly (Issue & { readonly rule?: string })[];
  readonly rules: readonly (RuleCost & { readonly line?: number; readonly col?: number })[];
}

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const isCrd = (v: unknown): boolean => isObj(v) && v.kind === 'CustomResourceDefinition';

/** The `rule` of the x-kubernetes-validations entry a path (in the CRD document) points into. */
function ruleAt(crd: unknown, path: Issue['path']): string | undefined {
  const at = path.lastIndexOf('x-kubernetes-validations');
  if (at < 0) return undefined;
  let node: unknown = crd;
  for (const seg of path.slice(0, at + 2)) {
    if (Array.isArray(node) && typeof seg === 'number') node = node[seg];
    else if (isObj(node) && typeof seg === 'string' && Object.hasOwn(node, seg)) node = node[seg];
    else return undefined;
  }
  return isObj(node) && typeof node.rule === 'string' ? node.rule : undefined;
}

/** Check the CRDs among parsed documents; issues and rule costs carry the file and their place in it. */
export function checkCrdDocuments(docs: readonly ParsedDocument[], file: string): CrdReport[] {
  return docs
    .filter((d) => isCrd(d.value))
    .map((doc) => {
      const r = checkCrdCel(doc.value);
      const issues = withRanges(r.issues, doc, file).map((i) => {
        const rule = ruleAt(doc.value, i.path);
        return { ...i, path: [...(doc.listPath ?? []), ...i.path], ...(rule !== undefined ? { rule } : {}) };
      });
      const rules = r.rules.map((rule) => {
        const probe: Issue = { severity: 'info', code: 'CRD_CEL_COST', message: '', path: rule.path };
        const at = withRanges([probe], doc)[0];
        return { ...rule, ...(at?.range ? { line: at.range.start.line, col: at.range.start.col } : {}) };
      });
      const meta = isObj(doc.value) && isObj(doc.value.metadata) ? doc.value.metadata : undefined;
      return {
        file,
        ...(meta && typeof meta.name === 'string' ? { name: meta.name } : {}),
        accepted: !issues.some((i) => i.severity === 'error'),
        issues,
        rules,
      };
    });
}

/** Parse and check text files; a file that does not parse gives its parse issues and no report. */
export function checkCrdFiles(files: readonly { readonly name: string; readonly text: string }[]): {
  readonly reports: readonly CrdReport[];
  readonly issues: readonly Issue[];
} {
  const reports: CrdReport[] = [];
  const issues: Issue[] = [];
  for (const f of files) {
    const parsed = parseResources(f.text, f.name);
    if (parsed.issues.some((i) => i.severity === 'error')) {
      issues.push(...parsed.issues.map((i) => ({ ...i, file: i.file ?? f.name })));
      continue;
    }
    reports.push(...checkCrdDocuments(parsed.documents, f.name));
  }
  return { reports, issues };
}

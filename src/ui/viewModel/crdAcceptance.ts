// "Would the API server accept this CRD?" for a loaded catalog's files (core's checkCrdFiles: CEL compiled,
// type-checked, cost-estimated), as the explorer shows it: each rejection with its rule, why, where in the file,
// its estimated cost and the bound that would bring it under the per-rule limit. Runs in the worker.
import { checkCrdFiles, formatPath, RULE_COST_LIMIT, type CrdReport, type IssueCode } from '../../core/index.ts';

export interface CrdRejection {
  readonly file: string;
  /** metadata.name of the CRD. */
  readonly crd?: string;
  readonly code: IssueCode;
  readonly message: string;
  /** The path to the rule (or its field) in the CRD document. */
  readonly path: string;
  readonly line?: number;
  readonly col?: number;
  /** The CEL rule the rejection is about. */
  readonly rule?: string;
  /** The estimate for one evaluation, the times it may run for one object, and their product. */
  readonly cost?: number;
  readonly cardinality?: number;
  readonly total?: number;
  /** Times the rule may run and stay within the per-rule limit (what maxItems/maxProperties above it must bound). */
  readonly underAt?: number;
}

export interface CrdAcceptance {
  /** CustomResourceDefinition documents checked. */
  readonly crds: number;
  readonly refused: number;
  readonly rejections: readonly CrdRejection[];
  /** Files that did not parse (the catalog loaded from them anyway, or they are not YAML). */
  readonly unreadable: readonly string[];
}

const same = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function rejectionsOf(r: CrdReport): CrdRejection[] {
  return r.issues
    .filter((i) => i.severity === 'error')
    .map((i) => {
      // The rule's estimate (rules that compile have one), matched by the rule's path at the end of the issue's.
      const cost = r.rules.find((x) => x.path.length <= i.path.length && same(x.path, i.path.slice(-x.path.length)));
      const costly = i.code === 'CRD_CEL_COST' && cost !== undefined && cost.cost > 0 && cost.cost <= RULE_COST_LIMIT;
      return {
        file: r.file,
        ...(r.name !== undefined ? { crd: r.name } : {}),
        code: i.code,
        message: i.message,
        path: formatPath(i.path),
        ...(i.range ? { line: i.range.start.line, col: i.range.start.col } : {}),
        ...(i.rule !== undefined ? { rule: i.rule } : {}),
        ...(cost ? { cost: cost.cost, cardinality: cost.cardinality, total: cost.total } : {}),
        ...(costly ? { underAt: Math.floor(RULE_COST_LIMIT / cost.cost) } : {}),
      };
    });
}

export function crdAcceptance(files: readonly { readonly name: string; readonly text: string }[]): CrdAcceptance {
  const { reports, issues } = checkCrdFiles(files);
  return {
    crds: reports.length,
    refused: reports.filter((r) => !r.accepted).length,
    rejections: reports.flatMap(rejectionsOf),
    unreadable: [...new Set(issues.map((i) => i.file ?? ''))].filter((f) => f !== ''),
  };
}

// Shared by resource parsing and the importers: positions from the `yaml` package, and a document's value
// with resource exhaustion (an alias bomb) turned into an issue instead of an exception.
import { isNode, type Document, type LineCounter } from 'yaml';
import { issue, type Issue, type IssueCode, type Path, type SourceRange } from '../model/issue.ts';
import { MAX_DEPTH, valueProblemAt } from '../model/depth.ts';
import { exactIntegerReviver } from '../model/numbers.ts';

/** A parser error's code and first line: the parser's own stack overflow on deep nesting is TOO_DEEP. */
export function parseError(message: string, syntax: IssueCode): { code: IssueCode; message: string } {
  if (/Maximum call stack size exceeded|too much recursion/i.test(message))
    return { code: 'TOO_DEEP', message: 'nested too deeply for the YAML parser' };
  return { code: syntax, message: message.split('\n')[0] ?? message };
}

/** NaN, ±Infinity (YAML .nan/.inf) or a number beyond a double (1e400): the API server cannot hold them. */
export function notJsonNumberIssue(path: Path, file?: string, range?: SourceRange): Issue {
  return issue(
    'error',
    'NUMBER_NOT_JSON',
    'NaN, Infinity and numbers beyond a double (1e400) are not JSON numbers (the API server rejects them)',
    path,
    {
      ...(file !== undefined ? { file } : {}),
      ...(range ? { range } : {}),
    },
  );
}

/** A TOO_DEEP issue for a value nested deeper than MAX_DEPTH at `path`. */
export function tooDeepIssue(path: Path, file?: string, range?: SourceRange): Issue {
  return issue('error', 'TOO_DEEP', `nested more than ${MAX_DEPTH} levels deep`, path, {
    ...(file !== undefined ? { file } : {}),
    ...(range ? { range } : {}),
  });
}

export function toRange(lc: LineCounter, start: number, end: number): SourceRange {
  const s = lc.linePos(start);
  const e = lc.linePos(end);
  return { start: { line: s.line, col: s.col, offset: start }, end: { line: e.line, col: e.col, offset: end } };
}

/** The document as plain JS, or a YAML_SYNTAX issue at the document when conversion fails. */
export function documentValue(
  doc: Document,
  lc: LineCounter,
  file?: string,
  /** A resource (parsed with intAsBigInt): integers beyond 2^53 stay exact. */
  resource = false,
): { readonly value: unknown } | { readonly issue: Issue } {
  try {
    const value: unknown = doc.toJS({ maxAliasCount: 1000, ...(resource ? { reviver: exactIntegerReviver } : {}) });
    // NaN and Infinity are refused in every document (a resource, a CRD's `maximum: 1e400`, a rules file).
    const problem = valueProblemAt(value, MAX_DEPTH);
    if (problem) {
      const node: unknown = doc.getIn(problem.path, true);
      const r = isNode(node) && node.range ? node.range : doc.range;
      const range = r ? toRange(lc, r[0], r[1]) : undefined;
      return {
        issue:
          problem.problem === 'too-deep'
            ? tooDeepIssue(problem.path, file, range)
            : notJsonNumberIssue(problem.path, file, range),
      };
    }
    return { value };
  } catch (e) {
    const range = doc.range ? toRange(lc, doc.range[0], doc.range[1]) : undefined;
    return {
      issue: issue('error', 'YAML_SYNTAX', e instanceof Error ? e.message : String(e), [], {
        ...(file !== undefined ? { file } : {}),
        ...(range ? { range } : {}),
      }),
    };
  }
}

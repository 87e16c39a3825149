// Expected failures are values: importers, conversion and decoding return Issues; only edges throw.
import { formatPath, type Path } from './path.ts';

export type { Path } from './path.ts';
export { formatPath } from './path.ts';

export type Severity = 'error' | 'warning' | 'info';

/** Closed set of issue codes. Tests assert codes and paths, never message wording. */
export type IssueCode =
  // input text and files
  | 'YAML_SYNTAX'
  | 'JSON_SYNTAX'
  | 'UNSUPPORTED_FORMAT'
  | 'NOT_AN_OBJECT'
  | 'NOT_A_LIST' // a document whose root `items` were read one by one, whose kind is not a List
  | 'EMPTY_INPUT'
  | 'TOO_DEEP'
  | 'NUMBER_NOT_JSON'
  | 'NOT_UTF8' // bytes that are not UTF-8 (the API server accepts UTF-8 only): at the first bad byte
  | 'NOTHING_CONVERTED'
  | 'NOTHING_VALIDATED' // `validate`: no document of a kind and version the catalog has
  | 'FILE_NOT_FOUND'
  | 'NOT_A_FILE' // a folder where one file is expected (`-f DIR`)
  | 'UNKNOWN_BUILTIN'
  | 'USAGE' // the command line itself: an unknown option, a missing value, a stray argument
  // importers
  | 'INVALID_CRD'
  | 'INVALID_OPENAPI'
  | 'INVALID_CONFIG'
  | 'DANGLING_REF'
  | 'REF_CYCLE'
  | 'DUPLICATE_VERSION'
  | 'DUPLICATE_KIND'
  | 'NO_RESOURCE'
  | 'HUB_AMBIGUOUS'
  | 'UNKNOWN_TYPE_RENAME'
  // revision checks and migration plans
  | 'NO_CRD_SCHEMA'
  | 'INVALID_ALLOW_FILE'
  | 'UNUSED_ALLOW_ENTRY'
  | 'WEBHOOK_NOT_SIMULATED'
  // catalogs
  | 'INVALID_CATALOG'
  | 'CATALOG_FORMAT_VERSION'
  | 'GRAPH_CYCLE'
  | 'HUB_NOT_STORAGE'
  // resources
  | 'MISSING_API_VERSION'
  | 'MISSING_KIND'
  | 'UNKNOWN_KIND'
  | 'UNKNOWN_VERSION'
  // storage design comparison: a horizon that is not a whole number of releases, at least 1
  | 'INVALID_HORIZON'
  | 'UNKNOWN_TYPE'
  | 'SCHEMA_VIOLATION'
  // conversion fates that are problems
  | 'PRUNED'
  | 'REQUIRED_MISSING'
  | 'NEEDS_HANDWRITTEN_CONVERSION'
  | 'LOST'
  | 'ENUM_UNKNOWN_VALUE'
  | 'BAG_DECODE_FAILED'
  | 'HOOK_FAILED'
  | 'HOOK_UNKNOWN_TARGET' // a hook registered for a kind, edge or type the catalog does not have
  | 'HOOK_DUPLICATE' // a second registration for the same (kind, edge, type)
  | 'INTERNAL_ERROR' // an unexpected exception, caught at an edge (the worker): a bug, not bad input
  | 'ROUND_TRIP_MISMATCH'
  | 'STRAY_BAG_KEY'
  // the as-deployed view (the API server's pipeline)
  | 'DROPPED_ON_WRITE'
  | 'DROPPED_ON_READ'
  | 'WEBHOOK_NOT_MODELLED'
  | 'INVALID_METADATA'
  | 'CONVERSION_INVALID_METADATA' // a conversion's result the API server refuses (metadata, kind): the request fails
  | 'CONVERSION_WEBHOOK_FAILED' // a running webhook failed or answered what the API server refuses: the request fails
  | 'CONVERSION_UNDECLARED'
  | 'VERSION_NOT_SERVED' // a request at a version with `served: false`: the API server answers 404
  // validation as the API server does it (src/core/validate): schema keywords, then the CRD's CEL rules
  | 'VALIDATION_TYPE'
  | 'VALIDATION_FORMAT'
  | 'VALIDATION_ENUM'
  | 'VALIDATION_PATTERN'
  | 'VALIDATION_LENGTH'
  | 'VALIDATION_RANGE'
  | 'VALIDATION_ITEMS'
  | 'VALIDATION_PROPERTIES'
  | 'VALIDATION_REQUIRED'
  | 'VALIDATION_DUPLICATE'
  | 'VALIDATION_UNKNOWN_FIELD'
  | 'VALIDATION_COMBINATOR'
  | 'VALIDATION_EMBEDDED_RESOURCE'
  | 'CEL_RULE'
  | 'CEL_RULE_ERROR'
  | 'CEL_COST_EXCEEDED'
  | 'CEL_RULE_INVALID'
  | 'CEL_CHECKED_ON_UPDATE'
  // a CRD's CEL as the API server checks it on create/update (core/cel/checkCrd.ts)
  | 'CRD_CEL_COMPILE'
  | 'CRD_CEL_INVALID'
  | 'CRD_CEL_TRANSITION'
  | 'CRD_CEL_COST'
  | 'CRD_CEL_COST_TOTAL'
  | 'VALIDATION_NO_SCHEMA'
  // conversion rules (src/core/rules): the file, each rule, applying them, checking them by round trips
  | 'RULES_INVALID'
  | 'RULES_FORMAT_VERSION'
  | 'RULE_UNKNOWN_OPERATION'
  | 'RULE_DUPLICATE_ID'
  | 'RULE_PATH_SYNTAX'
  | 'RULE_PATH_UNKNOWN'
  | 'RULE_CEL_INVALID'
  | 'RULE_ENUM_NOT_BIJECTIVE'
  | 'RULE_OVERLAP'
  | 'RULE_TARGET_UNKNOWN'
  | 'RULES_NO_CONVERSION'
  | 'RULE_FAILED'
  | 'RULE_SHAPE_MISMATCH'
  | 'RULE_ENUM_UNMAPPED'
  | 'RULE_DUPLICATE_KEY'
  | 'RULE_DROPPED'
  | 'RULE_LOSES_DATA'
  | 'RULE_NOT_INVERSE'
  // share links
  | 'LINK_MALFORMED'
  | 'LINK_TOO_LARGE'
  | 'LINK_UNKNOWN_VERSION'
  | 'LINK_CATALOG_MISMATCH'
  // remote sources (?catalog= / ?resource=)
  | 'REMOTE_URL_REJECTED'
  | 'REMOTE_FETCH_FAILED';

/** A position in source text: 1-based line and column, 0-based offset. */
export interface SourcePos {
  readonly line: number;
  readonly col: number;
  readonly offset: number;
}

export interface SourceRange {
  readonly start: SourcePos;
  readonly end: SourcePos;
}

/**
 * What an issue's `path` is a path into. Absent means 'document': the resource document being converted or
 * checked, or the file `file` names. Only a document path can be looked up in that document's source ranges.
 * - catalog: the catalog JSON (`['kinds', 0, 'hub']`);
 * - config: the catalog's configuration (`['typeRenames', 2]`);
 * - source: an imported kind or version by name (`[group, kind, version?, ...]`);
 * - plan: a version's object types (`[typeName, property]`);
 * - hooks: the hook registrations (`['hooks', index]`).
 */
export type IssueSubject = 'document' | 'catalog' | 'config' | 'source' | 'plan' | 'hooks';

export interface Issue {
  readonly severity: Severity;
  readonly code: IssueCode;
  readonly message: string;
  readonly path: Path;
  /** What `path` is rooted in; absent: the document. */
  readonly subject?: IssueSubject;
  /** File name, when the issue came from a file. */
  readonly file?: string;
  /** Where in the source text, when there is source text. */
  readonly range?: SourceRange;
}

export function issue(
  severity: Severity,
  code: IssueCode,
  message: string,
  path: Path = [],
  extra: { file?: string; range?: SourceRange; subject?: IssueSubject } = {},
): Issue {
  return { severity, code, message, path, ...extra };
}

/** `file:line:col: message` (the CLI's and the UI's one-line form). */
export function formatIssue(i: Issue): string {
  const where = [i.file, i.range ? `${i.range.start.line}:${i.range.start.col}` : undefined]
    .filter((s) => s !== undefined && s !== '')
    .join(':');
  const at = i.path.length > 0 ? ` (at ${formatPath(i.path)})` : '';
  return `${where ? `${where}: ` : ''}${i.severity} ${i.code}: ${i.message}${at}`;
}

export const hasErrors = (issues: readonly Issue[]): boolean => issues.some((i) => i.severity === 'error');

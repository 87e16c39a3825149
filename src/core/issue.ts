// Expected failures are values: importers, conversion and decoding return Issues; only edges throw.

export type Severity = 'error' | 'warning' | 'info';

/** Closed set of issue codes. Tests assert codes and paths, never message wording. */
export type IssueCode =
  // input text and files
  | 'YAML_SYNTAX'
  | 'JSON_SYNTAX'
  | 'UNSUPPORTED_FORMAT'
  | 'NOT_AN_OBJECT'
  | 'EMPTY_INPUT'
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
  // catalogs
  | 'INVALID_CATALOG'
  | 'CATALOG_FORMAT_VERSION'
  // resources
  | 'MISSING_API_VERSION'
  | 'MISSING_KIND'
  | 'UNKNOWN_KIND'
  | 'UNKNOWN_VERSION'
  | 'SCHEMA_VIOLATION'
  // conversion fates that are problems
  | 'PRUNED'
  | 'REQUIRED_MISSING'
  | 'NEEDS_HANDWRITTEN_CONVERSION'
  | 'LOST'
  | 'ENUM_UNKNOWN_VALUE'
  | 'BAG_DECODE_FAILED'
  | 'HOOK_FAILED'
  | 'ROUND_TRIP_MISMATCH'
  | 'STRAY_BAG_KEY'
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

/** A JSON path into a document: property names and array indexes. */
export type Path = readonly (string | number)[];

export interface Issue {
  readonly severity: Severity;
  readonly code: IssueCode;
  readonly message: string;
  readonly path: Path;
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
  extra: { file?: string; range?: SourceRange } = {},
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

/** `spec.items[2].name`; keys that are not identifiers are quoted: `metadata.labels["app.kubernetes.io/name"]`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

export const hasErrors = (issues: readonly Issue[]): boolean => issues.some((i) => i.severity === 'error');

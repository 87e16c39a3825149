// The conversion rules the user typed (state.rules), for the worker: parsed once per text and checked against a
// catalog once per catalog and text (typing reconverts on every pause; the other requests reuse the parse). The
// issues keep their line and column (file `rules.yaml`): markers in the rules editor, rows in the issue list.
import {
  checkRulesAgainstCatalog,
  parseRules,
  type Catalog,
  type Issue,
  type ParsedRules,
  type RuleSet,
} from '../../core/index.ts';

/** The name rule issues carry (`rules.yaml:3:9: error RULE_PATH_UNKNOWN: ...`). */
export const RULES_FILE = 'rules.yaml';

export interface CheckedRules {
  /** Absent when the text holds no usable conversion (empty, or every conversion has a problem). */
  readonly ruleSet?: RuleSet;
  /** Parse problems, then paths and kinds the catalog lacks; each with its range in the text. */
  readonly issues: readonly Issue[];
  /**
   * The text is not YAML (a half-typed line): `ruleSet` is the last one that parsed with this catalog, as the
   * resource editor keeps its last good result, so one typo does not drop every rule (issue 25).
   */
  readonly lastGood?: true;
}

const NONE: CheckedRules = { issues: [] };
/** Recent texts only: typing makes a new text per pause, and older ones do not come back. */
const KEEP = 16;
const parses = new Map<string, ParsedRules>();
const checks = new WeakMap<Catalog, Map<string, readonly Issue[]>>();
const lastGood = new WeakMap<Catalog, RuleSet>();

function remember<V>(m: Map<string, V>, key: string, make: () => V): V {
  const hit = m.get(key);
  if (hit !== undefined) {
    // most recently used last
    m.delete(key);
    m.set(key, hit);
    return hit;
  }
  const v = make();
  m.set(key, v);
  if (m.size > KEEP) m.delete(m.keys().next().value as string);
  return v;
}

/** The rules in `text` checked against `catalog`; nothing for an empty or blank text. */
export function checkedRules(catalog: Catalog, text: string | undefined): CheckedRules {
  if (text === undefined || text.trim() === '') return NONE;
  const parsed = remember(parses, text, () => parseRules(text, RULES_FILE));
  let byText = checks.get(catalog);
  if (!byText) checks.set(catalog, (byText = new Map()));
  const against = remember(byText, text, () => checkRulesAgainstCatalog(parsed.ruleSet, catalog));
  const issues = [...parsed.issues, ...against];
  if (parsed.ruleSet.conversions.length > 0) {
    lastGood.set(catalog, parsed.ruleSet);
    return { ruleSet: parsed.ruleSet, issues };
  }
  const kept = parsed.issues.some((i) => i.code === 'YAML_SYNTAX') ? lastGood.get(catalog) : undefined;
  return kept ? { ruleSet: kept, issues, lastGood: true } : { issues };
}

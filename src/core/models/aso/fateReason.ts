// The one place a fate's cause chain becomes words. Nothing reads these words back.
import type { FateCause, FateRule } from '../../fates/fate.ts';

type Special =
  'hook-set' | 'hook-bagged' | 'hook-took-over' | 'conversion-rule' | 'rule-dropped' | 'rule-bagged' | 'rule-failed';

const TEXT: Record<Exclude<FateRule, Special>, string> = {
  copy: 'copied',
  convert: 'converted',
  'free-form': 'carried as-is',
  rename: 'configured property rename',
  metadata: 'metadata is copied verbatim',
  'original-version': 'written by the conversion',
  'bag-write': 'not in the destination type: kept in the property bag',
  'bag-read': 'restored from the property bag',
  'bag-read-type-changed': 'restored from the property bag (type changed)',
  'bag-carried': 'kept in the property bag',
  'bag-dropped': 'the destination version has no property bag',
  'type-changed-bagged': 'type changed: kept in the property bag; a hand-written conversion is needed',
  'type-changed-no-bag': 'type changed and the destination has no property bag',
  'no-destination-field': 'not in the destination version, which has no property bag',
  'manual-no-hook': '`conversion: manual` and no hook is registered',
  'extra-kept': 'extra field kept by the schema',
  'extra-dropped': 'extra field the destination type does not keep',
  'not-in-schema': 'not in the source version schema: the API server would drop it',
  'required-absent': 'required by the destination version and absent',
};

const HOOK_TEXT = {
  'hook-set': 'set by',
  'hook-bagged': 'kept in the property bag by',
  'hook-took-over': 'taken over by',
};

/** "moved by rule `x`": the verb by the rule's kind (RuleOp). */
const RULE_VERB = new Map([
  ['move', 'moved by'],
  ['compute', 'computed by'],
  ['enum', 'enum value mapped by'],
  ['mapToList', 'map turned into a list by'],
  ['listToMap', 'list turned into a map by'],
  ['drop', 'restored by'], // a drop writes only when it restores going the other way
]);

/** Rules that put a value into a property bag (a later `bag-read` completes a round trip through it). */
export const BAG_WRITES: ReadonlySet<FateRule> = new Set<FateRule>([
  'bag-write',
  'bag-carried',
  'type-changed-bagged',
  'hook-bagged',
  'rule-bagged',
]);

const BAG_READS: ReadonlySet<FateRule> = new Set<FateRule>(['bag-read', 'bag-read-type-changed']);

/** One cause in words (without its hop). */
export function causeText(c: FateCause): string {
  if (
    c.rule === 'conversion-rule' ||
    c.rule === 'rule-dropped' ||
    c.rule === 'rule-bagged' ||
    c.rule === 'rule-failed'
  ) {
    const r = c.conversionRule;
    const who = r ? `rule \`${r.id}\`` : 'a conversion rule';
    if (c.rule === 'rule-failed') return `lost: ${who} failed reading it`;
    if (c.rule === 'rule-bagged') return `kept in the property bag: ${who} would not give it back`;
    if (c.rule === 'rule-dropped') return `dropped on purpose by ${who}${r?.reason ? `: ${r.reason}` : ''}`;
    return `${RULE_VERB.get(r?.op ?? '') ?? 'converted by'} ${who}`;
  }
  if (c.rule === 'hook-set' || c.rule === 'hook-bagged' || c.rule === 'hook-took-over') {
    const h = c.hook;
    const who = h ? `the hand-written conversion for ${h.type} on ${h.from} -> ${h.to}` : 'a hand-written conversion';
    return `${HOOK_TEXT[c.rule]} ${who}`;
  }
  return TEXT[c.rule];
}

const cache = new WeakMap<readonly FateCause[], string>();

/** A cause chain in words: one cause as itself, a bag round trip as such, otherwise "...; then on hop: ...". */
export function fateReason(causes: readonly FateCause[]): string {
  const hit = cache.get(causes);
  if (hit !== undefined) return hit;
  const last = causes[causes.length - 1];
  let out: string;
  if (!last) out = '';
  else if (causes.length === 1) out = causeText(last);
  else {
    const before = causes.slice(0, -1);
    const hop = `${last.hop.from} -> ${last.hop.to}`;
    out =
      BAG_READS.has(last.rule) && before.some((c) => BAG_WRITES.has(c.rule))
        ? `round trip through the property bag (${fateReason(before)}; restored on ${hop})`
        : `${fateReason(before)}; then on ${hop}: ${causeText(last)}`;
  }
  cache.set(causes, out);
  return out;
}

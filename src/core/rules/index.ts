/**
 * Declarative conversion rules (docs/conversion-rules.md): what an operator's conversion webhook does, said in
 * YAML with CEL, for one kind between two versions. Framework-free, over plain JSON documents.
 *
 * Contract for the conversion pipelines
 * - `parseRules(text, file)` -> `{ ruleSet, issues }`: issues carry file, line and column; rules with problems are
 *   left out. `checkRulesAgainstCatalog(ruleSet, catalog)` adds the paths a version's schema lacks.
 * - `applyRules(ruleSet, {group, kind}, from, to, doc)` -> `{ doc, applied, owned, dropped, steps, issues }`:
 *   the rules of the pair (or of each pair along the shortest chain of pairs). The result keeps everything no
 *   rule names at its path and leaves `apiVersion` to the caller. `applied` lists, per rule, the concrete paths
 *   it read (`sourcePaths`, in the input) and wrote (`destPaths`, in the output): fates say "moved by rule X".
 *   `dropped` are intentional losses (a `drop` rule and its reason), not "lost". `ruleThatRead(applied, path)` /
 *   `ruleThatWrote(applied, path)` find the rule behind a field of the input / output.
 * - `ownedPaths(ruleSet, kind, from, to)`: patterns (`[]` = null) of the input fields the rules own.
 *
 * Wiring
 * - As deployed, a Webhook CRD: the rules are the webhook. For each pair along V -> S, `applyRules`, then the
 *   same-path copy for the rest; fields in `applied[].sourcePaths` are moved, not "webhook-not-modelled".
 *   The API server's pruning and metadata restoration wrap it as for any webhook.
 * - ASO (execute/asoRules.ts): the pair of the ends' API versions; the fields the rules read are taken out of the
 *   input before the first hop (the generated steps never bag or lose them), and what they write goes into the
 *   output after the last hop (as the seeds' hand-written conversions run after the generated steps). `Plan.rules`
 *   shows the rule steps and owned patterns.
 * - Checks (analyse/rulesCheck.ts): `roundTripThroughRules` / `checkRulesByRoundTrip` on samples and generated instances.
 */
export * from './format.ts';
export { parseRules, type ParsedRules } from './parse.ts';
export {
  applyRules,
  ownedPaths,
  findSteps,
  rulesConvert,
  ruleEnds,
  describeRule,
  ruleThatRead,
  ruleThatWrote,
  type AppliedRule,
  type ApplyResult,
  type KindName,
  type RuleStep,
} from './apply.ts';
export { parsePathPattern, formatPathPattern, patternTouches, type PathPattern } from './paths.ts';
export { pruneTo } from './schemaWalk.ts';

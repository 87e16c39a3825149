// `version-explorer <command> --help`: each command's usage, options and exit codes.
import { WEBHOOK_HELP, WEBHOOK_OPTIONS_HELP } from './webhook/help.ts';

const EXIT = `Exit codes: 0 ok; 1 data would be lost or a check failed; 2 bad usage or bad input (problems are printed
as file:line:col: severity CODE: message).`;

const CATALOG = `  --catalog SRC       a catalog JSON, a built-in id (crm-person, servicefabric, person-v1v2), or CRD YAML /
                      OpenAPI / config files and folders (comma-separated) imported as \`generate\` does`;
const HUB = `  --hub V             convert through version V's storage variant instead of the default hub
  --strategy S        direct (every version to the hub) or chained (through the versions between)`;

export const HELP: Readonly<Record<string, string>> = {
  'crd-check': `usage: version-explorer crd-check <file|folder>... [--json] [--costs]

Would the API server accept these CustomResourceDefinitions? Every x-kubernetes-validations rule and
messageExpression is compiled, type-checked against its schema node (a rule must be a bool, a message expression
a string), its fieldPath, reason and message checked, transition rules (oldSelf) allowed only where old and new
values correlate, and its cost estimated as the API server does (per rule and per schema, with upstream's
"exceeds budget by factor of" message and the unbounded fields that drive it). docs/cel.md.

  --json              a report per CRD: issues, and every rule with its estimated cost and cardinality
  --costs             also list every rule with its estimated cost

Exit codes: 0 every CRD accepted; 1 one would be refused; 2 bad usage or bad input (problems are printed as
file:line:col: severity CODE: message).
`,
  generate: `usage: version-explorer generate <inputs...> [--config FILE] [-o FILE] [--id ID] [--title T]

Imports CRD YAML (files, folders, multi-document, Lists), Azure-style OpenAPI files and a config YAML into one
catalog JSON (stable, sorted keys).

  <inputs...>         files and folders (.yaml, .yml, .json inside folders)
  -c, --config FILE   a config YAML: renames, type renames, hub, strategy, manual conversions, bag keys
  -o, --output FILE   where to write the catalog (default: stdout)
  --id ID             the catalog's id (default: the inputs' folder name)
  --title T           the catalog's title

On errors the catalog of whatever did import is still written, and the exit code is 2.
${EXIT}
`,
  plan: `usage: version-explorer plan --catalog SRC --kind KIND --from V [--to V|hub] [--type TYPE] [--hub V]
                            [--strategy direct|chained] [--json]

Prints the conversion plan from one version to another as tables (one per hop and object type: field, types,
change, handler), or as JSON (docs/cli-json.md).

${CATALOG}
  --kind KIND         the kind (or group/kind)
  --from V            the source version
  --to V|hub          the target version (default: hub)
  --type TYPE         only this object type's tables
${HUB}
  --json              stable JSON
${EXIT}
`,
  convert: `usage: version-explorer convert --catalog SRC -f FILE|- --to V|hub [--spec-only|--status-only] [--hub V]
                               [--strategy direct|chained] [-o yaml|json]

Converts every resource of the input (multi-document YAML, a List, or JSON) to another version, in order.
Documents of kinds the catalog lacks (a Secret) pass through unchanged with a note; if no document is of a
kind in the catalog, nothing is converted and the exit code is 2 (NOTHING_CONVERTED).

${CATALOG}
  -f, --file FILE|-   the input (- reads stdin)
  --to V|hub          the target version
  --spec-only         convert only spec (status is left as is)
  --status-only       convert only status
${HUB}
  -o, --output F      yaml (default) or json; integers of any size and their exact text are kept
${WEBHOOK_OPTIONS_HELP}${EXIT} A loss (LOST, PRUNED) is printed as an error and exits 1.
`,
  roundtrip: `usage: version-explorer roundtrip --catalog SRC [--kind K] [--samples PATH] [--fuzz N] [--seed S] [--hub V]
                                 [--strategy direct|chained] [--json]

Checks that resources survive spoke -> hub -> spoke: the sample resources under PATH, and N generated instances
of every version (default 100 when no samples are given).

${CATALOG}
  --kind K            only this kind
  --samples PATH      sample resources (files or folders)
  --fuzz N            generated instances per version
  --seed S            the generator's seed (default 1)
${HUB}
  --json              stable JSON
${WEBHOOK_OPTIONS_HELP}${EXIT}
`,
  diff: `usage: version-explorer diff --catalog SRC --kind K --from V1 --to V2 [--json]

Compares two versions of a kind by seed 002's compatibility rules and says whether V2 is compatible with V1.

${CATALOG}
  --kind K            the kind
  --from V1           the older version
  --to V2             the newer version
  --json              stable JSON
${EXIT} Exit 1 when V2 is not compatible with V1.
`,
  webhook: WEBHOOK_HELP,
};

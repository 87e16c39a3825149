// Kubernetes' syntax for label keys (qualified names), label values and DNS-1123 subdomains, and the checks the API
// server runs over a whole labels / annotations map: k8s.io/apimachinery `pkg/api/validate/content` (IsLabelKey,
// IsLabelValue), `pkg/util/validation` (IsDNS1123Subdomain), `pkg/apis/meta/v1/validation.ValidateLabels`,
// `pkg/api/validation.ValidateAnnotations`. Lengths are Go's `len`: UTF-8 bytes.

export const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_KEY_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const DNS1123_SUBDOMAIN_MAX = 253;
const LABEL_KEY_NAME_MAX = 63;
export const LABEL_VALUE_MAX = 63;
/** `TotalAnnotationSizeLimitB`: keys and values together, in bytes. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** Go's `len(s)`: the UTF-8 byte length (a lone surrogate counts as U+FFFD, 3 bytes, as Go would encode it). */
export function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** IsDNS1123Subdomain: the reasons `s` is not one (empty when it is). */
export function isDNS1123Subdomain(s: string): string[] {
  const errs: string[] = [];
  if (utf8Length(s) > DNS1123_SUBDOMAIN_MAX) errs.push(`must be no more than ${DNS1123_SUBDOMAIN_MAX} characters`);
  if (!DNS1123_SUBDOMAIN.test(s))
    errs.push("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.'");
  return errs;
}

/** IsLabelKey (IsQualifiedName): `[prefix/]name`, the prefix a DNS-1123 subdomain, the name at most 63 bytes. */
export function isQualifiedName(s: string): string[] {
  const errs: string[] = [];
  const parts = s.split('/');
  if (parts.length > 2)
    return [
      "a qualified name must be a name with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  const name = parts.length === 2 ? (parts[1] as string) : s;
  if (parts.length === 2) {
    const prefix = parts[0] as string;
    if (prefix === '') errs.push('prefix part must be non-empty');
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  }
  if (name === '') errs.push('name part must be non-empty');
  else if (utf8Length(name) > LABEL_KEY_NAME_MAX)
    errs.push(`name part must be no more than ${LABEL_KEY_NAME_MAX} characters`);
  if (!LABEL_KEY_NAME.test(name))
    errs.push(
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    );
  return errs;
}

/** IsLabelValue: empty, or at most 63 bytes of a qualified name's name part. */
export function isValidLabelValue(s: string): string[] {
  const errs: string[] = [];
  if (utf8Length(s) > LABEL_VALUE_MAX) errs.push(`must be no more than ${LABEL_VALUE_MAX} characters`);
  if (!LABEL_VALUE.test(s))
    errs.push(
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    );
  return errs;
}

/** What makes a labels or annotations map invalid, with the key it is about (none for the total size). */
export interface MapProblem {
  readonly problem: 'invalid-label-key' | 'invalid-label-value' | 'invalid-annotation-key' | 'annotations-too-large';
  readonly key?: string;
  readonly reasons: readonly string[];
}

/** metav1validation.ValidateLabels: every key a qualified name, every value a label value. In key order. */
export function validateLabels(labels: Readonly<Record<string, string>>): MapProblem[] {
  const out: MapProblem[] = [];
  for (const key of Object.keys(labels)) {
    const k = isQualifiedName(key);
    if (k.length > 0) out.push({ problem: 'invalid-label-key', key, reasons: k });
    const v = isValidLabelValue(labels[key] as string);
    if (v.length > 0) out.push({ problem: 'invalid-label-value', key, reasons: v });
  }
  return out;
}

/** Go's strings.ToLower is unicode.ToLower per rune (simple case mapping): U+0130 maps to 'i' alone. */
const goToLower = (s: string): string => [...s].map((c) => (c === '\u0130' ? 'i' : c.toLowerCase())).join('');

/** apivalidation.ValidateAnnotations: keys qualified names ignoring case; keys and values at most 256 KiB in all. */
export function validateAnnotations(annotations: Readonly<Record<string, string>>): MapProblem[] {
  const out: MapProblem[] = [];
  let total = 0;
  for (const key of Object.keys(annotations)) {
    const k = isQualifiedName(goToLower(key));
    if (k.length > 0) out.push({ problem: 'invalid-annotation-key', key, reasons: k });
    total += utf8Length(key) + utf8Length(annotations[key] as string);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT)
    out.push({
      problem: 'annotations-too-large',
      reasons: [`annotations size ${total} is larger than limit ${TOTAL_ANNOTATION_SIZE_LIMIT}`],
    });
  return out;
}

// Finds secret-looking values in the input before it goes into a link or a PR comment, and redacts them
// in place. A link's fragment never reaches our server, but it does reach chat logs, browser history and
// every reader of the PR (regex101's public-permalink leaks are the cautionary tale).
//
// Heuristics, deliberately conservative about false negatives: every value of a `Secret`'s data/stringData,
// scalar values under password / token / api-key / private-key-like keys, and PEM private keys anywhere.
// Keys that only *name* a secret (secretName, passwordSecretRef, tokenPath, ...) are not flagged.
import { isMap, isPair, isScalar, isSeq, parseAllDocuments, type Node as YamlNode } from 'yaml';
import type { Path } from '../../core/index.ts';

export type SecretReason = 'secret-kind' | 'key-name' | 'private-key';

export interface SecretFinding {
  /** Index of the YAML document in the input. */
  readonly document: number;
  readonly path: Path;
  readonly reason: SecretReason;
  /** Offsets of the value in the input text, [start, end). */
  readonly range: readonly [number, number];
}

const SECRET_WORDS =
  /(password|passwd|passphrase|secret|token|apikey|privatekey|accesskey|secretkey|credential|bearer|authorization|clientsecret)/;
// Suffixes of keys that name or locate a secret rather than hold one.
const NAMING_SUFFIX =
  /(name|names|ref|refs|namespace|path|file|field|selector|kind|type|store|provider|policy|version|mode|length|url|uri|endpoint|ttl|expiry|expiration|duration|period|seconds|enabled|format|header|audience|audiences)$/;
const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

export function isSecretKeyName(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_.\s]/g, '');
  return SECRET_WORDS.test(k) && !NAMING_SUFFIX.test(k);
}

const MAX_SCAN_CHARS = 4 * 1024 * 1024;

export function findSecrets(text: string): SecretFinding[] {
  if (text.length > MAX_SCAN_CHARS) return [];
  const findings: SecretFinding[] = [];
  let docs;
  try {
    docs = parseAllDocuments(text, { uniqueKeys: false });
  } catch {
    return [];
  }
  if (!Array.isArray(docs)) return []; // an EmptyStream
  docs.forEach((doc, index) => {
    const root = doc.contents;
    if (!isMap(root)) return;
    const kindNode = root.get('kind', true);
    const isSecretKind = isScalar(kindNode) && (kindNode.value as unknown) === 'Secret';
    const walk = (node: unknown, path: Path, underSecretData: boolean, keyIsSecret: boolean): void => {
      if (isScalar(node)) {
        const v = node.value;
        if (v === null || v === undefined || typeof v === 'boolean' || v === '' || !node.range) return;
        const range: [number, number] = [node.range[0], node.range[1]];
        if (underSecretData) findings.push({ document: index, path, reason: 'secret-kind', range });
        else if (keyIsSecret) findings.push({ document: index, path, reason: 'key-name', range });
        else if (typeof v === 'string' && PEM_PRIVATE.test(v))
          findings.push({ document: index, path, reason: 'private-key', range });
        return;
      }
      if (isMap(node)) {
        for (const item of node.items) {
          if (!isPair(item)) continue;
          const key = isScalar(item.key) ? String(item.key.value) : undefined;
          if (key === undefined) continue;
          const dataRoot = isSecretKind && path.length === 0 && (key === 'data' || key === 'stringData');
          walk(item.value, [...path, key], underSecretData || dataRoot, isSecretKeyName(key));
        }
        return;
      }
      if (isSeq(node))
        node.items.forEach((item, i) => walk(item as YamlNode, [...path, i], underSecretData, keyIsSecret));
    };
    walk(root, [], false, false);
  });
  return findings;
}

export const REDACTED = '<redacted>';

/** Replaces every finding's value with a quoted placeholder, keeping the rest of the text byte for byte. */
export function redactSecrets(text: string, findings: readonly SecretFinding[] = findSecrets(text)): string {
  const sorted = [...findings].sort((a, b) => b.range[0] - a.range[0]);
  let out = text;
  let lastStart = Number.POSITIVE_INFINITY;
  for (const f of sorted) {
    const [start, end] = f.range;
    if (end > lastStart) continue; // nested or overlapping: the outer one already covers it
    // Block scalars (`|`, `>`) end after their newline; keep it so the next key stays on its own line.
    const value = out.slice(start, end);
    const keepNewline = /\n$/.test(value) ? '\n' : '';
    out = out.slice(0, start) + JSON.stringify(REDACTED) + keepNewline + out.slice(end);
    lastStart = start;
  }
  return out;
}

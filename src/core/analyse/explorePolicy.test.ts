import { describe, expect, it } from 'vitest';
import type { Kind } from '../model/model.ts';
import { defaultReadAt, defaultTarget, knownVersion } from './explorePolicy.ts';
import { personV1V2 } from '../testdata/fixtures.ts';

const kind = (): Kind => personV1V2().kinds[0] as Kind;
const apis = (k: Kind) => k.versions.filter((v) => v.role === 'api').map((v) => v.name);

describe('explore policy shared by the UI and the CLI', () => {
  it('reads back at the target by default: a client of the version being looked at', () => {
    const k = kind();
    for (const t of apis(k)) expect(defaultReadAt(k, t)).toBe(t);
  });

  it('reads back at the oldest API version when the target is not an API version (the hub)', () => {
    const k = kind();
    expect(defaultReadAt(k, k.hub)).toBe(apis(k)[0]);
  });

  it('targets another API version than the source, and keeps only versions the kind has', () => {
    const k = kind();
    for (const s of apis(k)) expect(defaultTarget(k, s)).not.toBe(apis(k).length > 1 ? s : undefined);
    expect(knownVersion(k, 'nope', 'fallback')).toBe('fallback');
    expect(knownVersion(k, apis(k)[0], 'fallback')).toBe(apis(k)[0]);
  });
});

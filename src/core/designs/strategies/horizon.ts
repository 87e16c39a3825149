// Which versions a generator still knows about: the newest N releases (seed 003's horizon policy).
import { isPreRelease, parseVersion } from '../../versions/versionOrder.ts';

/**
 * Releases, oldest first: API versions grouped by release date. A preview and the GA of the same date are one
 * release (seed 003's 2018-08-08 map drops 2014-04-04 and 2014-04-04preview together); any other version is a
 * release of its own. `versions` must be in version order.
 */
export function releases(versions: readonly string[]): string[][] {
  const out: string[][] = [];
  let lastDate: number | undefined;
  for (const v of versions) {
    const p = parseVersion(v);
    const date = p.family === 'dated' ? p.date : undefined;
    const last = out[out.length - 1];
    if (last && date !== undefined && date === lastDate) last.push(v);
    else out.push([v]);
    lastDate = date;
  }
  return out;
}

export interface HorizonSplit {
  /** Versions the generator still reads, oldest first. */
  readonly current: readonly string[];
  /** Versions before the horizon: no longer generated, though objects written through them may still be stored. */
  readonly retired: readonly string[];
}

/** The newest `horizon` releases are current; undefined keeps every release. */
export function splitAtHorizon(versions: readonly string[], horizon: number | undefined): HorizonSplit {
  const rs = releases(versions);
  const keep = horizon === undefined ? rs.length : Math.max(1, Math.min(horizon, rs.length));
  return { current: rs.slice(rs.length - keep).flat(), retired: rs.slice(0, rs.length - keep).flat() };
}

/** The newest GA version of a list in version order (the newest version when all are pre-release). */
export function newestGa(versions: readonly string[]): string | undefined {
  for (let i = versions.length - 1; i >= 0; i--) if (!isPreRelease(versions[i] as string)) return versions[i];
  return versions[versions.length - 1];
}

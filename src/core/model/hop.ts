// One step between two versions and its direction: shared by the rules language and the plans.
/** Direction along an edge: `up` is toward the hub, `down` away from it. */
export type Direction = 'up' | 'down';

/** One conversion between adjacent versions of a path, toward the hub (`up`) or away from it. */
export interface Hop {
  readonly from: string;
  readonly to: string;
  readonly direction: Direction;
}

// ASO's hub-and-property-bag storage design as a StorageModel: the first implementation of the seam.
import type { Kind } from '../../model/model.ts';
import { FATE_KIND_ORDER } from '../../fates/fateKinds.ts';
import { planKind } from '../../plan/planConversion.ts';
import type { StorageModel } from '../storageModel.ts';
import { executePlan } from './convertResource.ts';

export const asoStorageModel: StorageModel = {
  id: 'aso',
  title: 'ASO design (hub and property bag)',
  versions: (kind: Kind) => kind.versions,
  storageVersion: (kind: Kind) => kind.hub,
  fateKinds: FATE_KIND_ORDER,
  plan: (catalog, kind, from, to, opts = {}) => planKind(catalog, kind, from, to, opts),
  execute: (catalog, kind, plan, doc, opts = {}) => executePlan(catalog, kind, plan, doc, opts),
};

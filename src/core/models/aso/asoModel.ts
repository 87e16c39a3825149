// ASO's hub-and-property-bag storage design as a StorageModel (the ASO design view), and as the PlannedModel
// `convertResource` runs by default.
import type { Kind } from '../../model/model.ts';
import { FATE_KIND_ORDER } from '../../fates/fateKinds.ts';
import { planKind } from '../../plan/planConversion.ts';
import type { PlannedModel, StorageModel } from '../storageModel.ts';
import { convertAt, executePlan } from './convertResource.ts';

const common = {
  id: 'aso' as const,
  title: 'ASO design (hub and property bag)',
  versions: (kind: Kind) => kind.versions,
  storageVersion: (kind: Kind) => kind.hub,
};

export const asoPlannedModel: PlannedModel = {
  ...common,
  fateKinds: FATE_KIND_ORDER,
  plan: (catalog, kind, from, to, opts = {}) => planKind(catalog, kind, from, to, opts),
  execute: (catalog, kind, plan, doc, opts = {}) => executePlan(catalog, kind, plan, doc, opts),
};

export const asoStorageModel: StorageModel = {
  ...common,
  run: (catalog, kind, from, doc, to, opts = {}) => {
    const { conversion: _conversion, ...o } = opts;
    const hub = convertAt(catalog, kind, from, doc, kind.hub, o);
    const target = to.name === kind.hub ? hub : convertAt(catalog, kind, from, doc, to.name, o);
    return { view: 'aso', hub, target, issues: [...hub.issues, ...target.issues] };
  },
};

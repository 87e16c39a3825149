// The Kubernetes API server's pipeline as a StorageModel (the As deployed view): the CRD's own versions, stored at
// its `storage: true` version, converted by its `spec.conversion` (None, the user's rules as the webhook, ASO's
// webhook for ASO-style CRDs, or a webhook the explorer cannot see).
import type { Kind } from '../../model/model.ts';
import type { StorageModel } from '../storageModel.ts';
import { runDeployed } from './deployedPipeline.ts';
import { deployedStorageVersion, deployedVersions } from './storageView.ts';

export const deployedStorageModel: StorageModel = {
  id: 'deployed',
  title: "As deployed (the API server's pipeline)",
  versions: (kind: Kind) => deployedVersions(kind),
  storageVersion: (kind: Kind) => deployedStorageVersion(kind).name,
  run: (catalog, kind, from, doc, to, opts = {}) => {
    const result = runDeployed(catalog, kind, from, doc, to, {
      ...(opts.conversion ? { conversion: opts.conversion } : {}),
      ...(opts.rules ? { rules: opts.rules } : {}),
      ...(opts.hooks ? { hooks: opts.hooks } : {}),
      ...(opts.fates !== undefined ? { fates: opts.fates } : {}),
    });
    return { view: 'deployed', result, issues: result.issues };
  },
};

// The storage models, one per view: a view runs only its own.
import type { StorageModel, StorageModelId } from './storageModel.ts';
import { asoStorageModel } from './aso/asoModel.ts';
import { deployedStorageModel } from './deployed/deployedModel.ts';

export const MODELS: Readonly<Record<StorageModelId, StorageModel>> = {
  deployed: deployedStorageModel,
  aso: asoStorageModel,
};

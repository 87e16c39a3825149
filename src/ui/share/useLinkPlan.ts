// The link plan (linkCatalog.ts) in the page: the worker imports the minimal files to pin their catalog hash.
import { useEffect, useState } from 'react';
import { settleDelay, type ExplorerState } from '../state.ts';
import { conversionClient } from '../worker/conversionClient.ts';
import { neededKinds, planLink, type LinkPlan, type SourceOrigin } from './linkCatalog.ts';

const plans = new Map<string, Promise<LinkPlan>>();

const hashInWorker = async (sources: readonly { name: string; text: string }[]) =>
  (await conversionClient().importFiles(sources)).hash;

/** `planLink`, cached per catalog and input kinds (typing inside a document plans nothing new). */
export function linkPlan(state: ExplorerState, origins: readonly SourceOrigin[] = []): Promise<LinkPlan> {
  const c = state.catalog;
  if (c.type !== 'embedded') return Promise.resolve({ state });
  const kinds = neededKinds(state.input).map((k) => `${k.kind}.${k.group}`);
  const key = [c.hash, ...kinds, '', ...origins.map((o) => o.url)].join('\u0000');
  let p = plans.get(key);
  if (!p) {
    p = planLink(state, hashInWorker, origins);
    plans.set(key, p);
    if (plans.size > 50) plans.delete(plans.keys().next().value as string);
  }
  return p.then((plan) => ({ ...plan, state: { ...state, catalog: plan.state.catalog } }));
}

/** `linkPlan` for the current state, a little behind typing; `undefined` until the first plan is ready. */
export function useLinkPlan(state: ExplorerState | undefined, origins?: readonly SourceOrigin[]): LinkPlan | undefined {
  const [plan, setPlan] = useState<LinkPlan | undefined>(undefined);
  useEffect(() => {
    if (!state) return;
    if (state.catalog.type !== 'embedded') {
      setPlan({ state });
      return;
    }
    let live = true;
    const t = window.setTimeout(
      () => void linkPlan(state, origins).then((p) => live && setPlan(p)),
      settleDelay(state.input, 150),
    );
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [state, origins]);
  return plan;
}

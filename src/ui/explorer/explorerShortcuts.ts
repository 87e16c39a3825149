// The explorer's keyboard shortcuts, from the state they act on: shown in the help, run window-wide and in
// Monaco. The Alt+digit ones follow the details views' registry.
import type { Shortcut } from '../shortcuts.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { choose, type ExplorerAction } from '../useExplorerState.ts';
import { VIEWS } from './DetailsTabs.tsx';
import { useGlobalShortcuts } from '../platform/useGlobalShortcuts.ts';

export function explorerShortcuts({
  result,
  shown,
  document,
  dispatch,
  openHelp,
  convertNow,
}: {
  /** The latest answer (its documents). */
  readonly result: ExploreResult | undefined;
  /** The last answer that converted (its versions and target). */
  readonly shown: ExploreResult | undefined;
  /** The document in the state (before the first answer). */
  readonly document: number;
  readonly dispatch: (a: ExplorerAction) => void;
  readonly openHelp: () => void;
  readonly convertNow: () => void;
}): Shortcut[] {
  const cycleTarget = (step: number) => {
    const apis = (shown?.kind?.versions ?? []).filter((v) => v.role === 'api').map((v) => v.name);
    if (apis.length === 0) return;
    const at = apis.indexOf(shown?.targetVersion ?? '');
    dispatch(choose('targetVersion', apis[(at + step + apis.length) % apis.length]));
  };
  return [
    { id: 'help', label: 'Show keyboard shortcuts', keys: { code: 'KeyH', alt: true }, run: openHelp },
    { id: 'convert', label: 'Convert now', keys: { code: 'Enter', mod: true }, run: convertNow },
    {
      id: 'next-target',
      label: 'Next target version',
      keys: { code: 'BracketRight', alt: true },
      run: () => cycleTarget(1),
    },
    {
      id: 'prev-target',
      label: 'Previous target version',
      keys: { code: 'BracketLeft', alt: true },
      run: () => cycleTarget(-1),
    },
    {
      id: 'next-doc',
      label: 'Next document',
      keys: { code: 'Period', alt: true },
      run: () => {
        // The next document the catalog has (after the one shown), wrapping around.
        const docs = result?.documents ?? [];
        const at = result?.document ?? document;
        const next = [...docs.slice(at + 1), ...docs.slice(0, at + 1)].find((d) => d.known !== false);
        if (next) dispatch({ type: 'document', document: next.index });
      },
    },
    ...VIEWS.map((v, i) => ({
      id: `view-${v.id}`,
      label: `Show ${v.label}`,
      keys: { code: `Digit${i + 1}`, alt: true },
      run: () => dispatch({ type: 'view', view: v.id }),
    })),
  ];
}

/** The explorer's shortcuts, also run window-wide (Monaco runs them as its actions). */
export function useExplorerShortcuts(o: Parameters<typeof explorerShortcuts>[0]): Shortcut[] {
  const shortcuts = explorerShortcuts(o);
  useGlobalShortcuts(shortcuts, o.openHelp);
  return shortcuts;
}

// The Changes tab with rule drafts: where the change analysis has strong evidence (a field moved, a string that
// became an object, enum values renamed), "Draft rule" merges the drafted rule into the conversion rules of the
// state, the user's text kept (the rules travel in the link, the autosave and the Markdown). The worker drafts;
// the page only merges text.
import { useCallback, useMemo, useState } from 'react';
import { mergeDrafts, type DraftData } from '../../core/index.ts';
import type { ChangesView as Changes } from '../viewModel/types.ts';
import { useExplorer } from '../useExplorerState.ts';
import { ChangesView } from './ChangesView.tsx';

export function ChangesPanel({
  changes,
  source,
  target,
  onSelect,
}: {
  readonly changes?: Changes;
  readonly source?: string;
  readonly target?: string;
  readonly onSelect?: (srcKey: string) => void;
}) {
  const { state, updateState } = useExplorer();
  const [status, setStatus] = useState<{ key: string; text: string }>();
  const offer = changes?.drafts;
  const key = offer ? `${offer.target.group}/${offer.target.kind} ${offer.target.from} ${offer.target.to}` : '';
  // Drafts the rules already hold (drafted before, or written by hand): marked, and "Draft all" skips them.
  const drafted = useMemo(
    () => (offer ? new Set(mergeDrafts(state.rules, offer.target, offer.offers).present) : new Set<string>()),
    [offer, state.rules],
  );
  const draft = useCallback(
    (ds: readonly DraftData[]) => {
      if (!offer) return;
      const t = offer.target;
      const m = mergeDrafts(state.rules, t, ds);
      const pair = `${t.kind} ${t.from} → ${t.to}`;
      let text: string;
      if (m.issues[0]) text = `Not added: ${m.issues[0].message}. Fix the conversion rules first.`;
      else if (m.added.length === 0) text = `Already in the conversion rules for ${pair}: ${m.present.join(', ')}.`;
      else {
        text = `Added rule${m.added.length === 1 ? '' : 's'} ${m.added.join(', ')} to the conversion rules for ${pair}.`;
        // From the latest state (the same text unless it changed since this render).
        updateState((s) => ({ ...s, rules: mergeDrafts(s.rules, t, ds).text }));
      }
      setStatus({ key, text });
    },
    [offer, state.rules, updateState, key],
  );
  return (
    <ChangesView
      {...(changes ? { changes } : {})}
      {...(source ? { source } : {})}
      {...(target ? { target } : {})}
      {...(onSelect ? { onSelect } : {})}
      {...(offer ? { drafts: offer.offers, onDraft: draft, drafted } : {})}
      {...(status && status.key === key ? { draftStatus: status.text } : {})}
    />
  );
}

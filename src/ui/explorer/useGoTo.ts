// A problem's link: to the field in the panes, or to its line in the resource or rules editor.
import { useCallback } from 'react';
import { choose, type ExplorerStore } from '../useExplorerState.ts';
import type { Problem } from './problems.ts';

export function useGoTo(dispatch: ExplorerStore['dispatch']): (p: Problem) => void {
  return useCallback(
    (p: Problem) => {
      const to = p.goTo;
      if (!to) return;
      if ('field' in to) {
        dispatch(choose('highlight', to.field));
        return;
      }
      if (to.editor === 'rules') dispatch({ type: 'view', view: 'rules' });
      // The rules editor mounts with its tab: try again for a moment.
      let tries = 0;
      const go = () =>
        void import('../editor/revealRange.ts').then((m) => {
          if (!m.revealRange(to.editor, to.range) && tries++ < 20) window.setTimeout(go, 100);
        });
      go();
    },
    [dispatch],
  );
}

// The page's header: its name and purpose, the share controls, Reset, the theme and the help button.
import type { ExplorerStore } from '../useExplorerState.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { ShareBar } from '../share/ShareBar.tsx';
import { ThemeToggle } from '../panels/ThemeToggle.tsx';
import type { useTheme } from '../theme.ts';

export interface AppHeaderProps {
  readonly store: ExplorerStore;
  /** The result the panes show: what Copy as Markdown summarises. */
  readonly shown: ExploreResult | undefined;
  readonly theme: ReturnType<typeof useTheme>;
  readonly onReset: () => void;
  readonly onHelp: () => void;
}

export function AppHeader({ store, shown, theme, onReset, onHelp }: AppHeaderProps) {
  return (
    <header className="app-header">
      <h1>
        <span className="logo" aria-hidden="true">
          ⇄
        </span>{' '}
        Version Explorer
      </h1>
      <p className="purpose">
        See what each version of your CRD keeps, drops or rejects when the API server stores and serves it.
      </p>
      <div className="spacer" />
      <ShareBar state={store.state} apply={store.applyState} update={store.updateState} result={shown} />
      <button type="button" onClick={onReset} title="Replace the input with the catalog's example">
        Reset
      </button>
      <ThemeToggle setting={theme.setting} onChange={theme.set} />
      <button
        type="button"
        className="icon-button"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        onClick={onHelp}
      >
        ?
      </button>
    </header>
  );
}

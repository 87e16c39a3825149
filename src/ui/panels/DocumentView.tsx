// A converted document as YAML lines, each coloured by its fate. Only the visible window of lines is in
// the DOM, so a 1 MB resource renders as fast as a small one. Clicking a line (or moving through lines
// with the arrow keys) selects the source field, which the other panes and the editor highlight.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Line, PaneView } from '../worker/protocol.ts';
import { FATE_BY_KIND, fateTitle } from './fates.ts';

export const LINE_HEIGHT = 20;
const OVERSCAN = 30;

export interface DocumentViewProps {
  readonly label: string;
  readonly view?: PaneView;
  readonly subtitle?: ReactNode;
  /** pathKey (source document) of the selected field. */
  readonly highlight?: string;
  readonly onSelect: (srcKey: string | undefined) => void;
  /** Shown instead of the document (errors, loading). */
  readonly children?: ReactNode;
  readonly busy?: boolean;
}

/** `spec.items.0.name`: the path form used in data-path attributes. */
export const dataPath = (key: string) => key.split('\u0000').join('.');

const isUnder = (key: string | undefined, hl: string) => key !== undefined && (key === hl || key.startsWith(hl + '\u0000'));

export function DocumentView({ label, view, subtitle, highlight, onSelect, children, busy }: DocumentViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [win, setWin] = useState({ top: 0, height: 600 });
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const lines = useMemo(() => view?.lines ?? [], [view]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWin({ top: el.scrollTop, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const firstMatch = useMemo(() => (highlight === undefined ? -1 : lines.findIndex((l) => isUnder(l.src, highlight))), [lines, highlight]);

  // Bring the selected field into view when another pane or the editor selected it.
  useEffect(() => {
    const el = scroller.current;
    if (!el || firstMatch < 0) return;
    const y = firstMatch * LINE_HEIGHT;
    if (y < el.scrollTop || y > el.scrollTop + el.clientHeight - LINE_HEIGHT) el.scrollTop = Math.max(0, y - el.clientHeight / 3);
  }, [firstMatch]);

  const width = useMemo(() => lines.reduce((w, l) => Math.max(w, l.indent + (l.key?.length ?? 0) + (l.value?.length ?? 0) + 4), 0), [lines]);
  const from = Math.max(0, Math.floor(win.top / LINE_HEIGHT) - OVERSCAN);
  const to = Math.min(lines.length, Math.ceil((win.top + win.height) / LINE_HEIGHT) + OVERSCAN);

  const select = (i: number | undefined) => {
    setCursor(i);
    const l = i === undefined ? undefined : lines[i];
    onSelect(l?.src);
    const el = scroller.current;
    if (el && i !== undefined) {
      const y = i * LINE_HEIGHT;
      if (y < el.scrollTop) el.scrollTop = y;
      else if (y > el.scrollTop + el.clientHeight - LINE_HEIGHT) el.scrollTop = y - el.clientHeight + LINE_HEIGHT;
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (lines.length === 0) return;
    const at = cursor ?? (firstMatch >= 0 ? firstMatch : -1);
    const page = Math.max(1, Math.floor(win.height / LINE_HEIGHT) - 1);
    const next =
      e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'PageDown' ? at + page : e.key === 'PageUp' ? at - page : e.key === 'Home' ? 0 : e.key === 'End' ? lines.length - 1 : undefined;
    if (next === undefined) {
      if (e.key === 'Escape') select(undefined);
      return;
    }
    e.preventDefault();
    select(Math.max(0, Math.min(lines.length - 1, next)));
  };

  const rows: ReactNode[] = [];
  for (let i = from; i < to; i++) {
    const l = lines[i] as Line;
    rows.push(<LineRow key={i} line={l} index={i} selected={highlight !== undefined && isUnder(l.src, highlight)} cursor={cursor === i} onClick={() => select(i)} />);
  }

  return (
    <section className="pane" aria-label={label} aria-busy={busy ? 'true' : undefined}>
      <h2 className="pane-header">
        <span className="pane-title">{label}</span>
        {view && <span className="version-badge">{view.version}</span>}
        {subtitle}
      </h2>
      {children}
      <div
        ref={scroller}
        className="doc"
        tabIndex={0}
        role="group"
        aria-label={`${label} document${view ? ` at ${view.version}` : ''}`}
        onScroll={(e) => setWin({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
        onKeyDown={onKeyDown}
      >
        <div className="doc-spacer" style={{ height: lines.length * LINE_HEIGHT, minWidth: `calc(${width}ch + 2.5rem)` }}>
          {rows}
        </div>
      </div>
    </section>
  );
}

function LineRow({ line: l, index, selected, cursor, onClick }: { line: Line; index: number; selected: boolean; cursor: boolean; onClick: () => void }) {
  const fate = l.fate ? FATE_BY_KIND.get(l.fate) : undefined;
  const cls = ['line', l.fate ? `fate-${l.fate}` : '', selected ? 'hl' : '', cursor ? 'cursor' : '', l.missing ? 'missing' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={cls}
      style={{ top: index * LINE_HEIGHT }}
      data-path={dataPath(l.path)}
      data-fate={l.fate}
      data-code={l.code}
      title={fateTitle(l.fate, l.reason)}
      onClick={onClick}
    >
      <span className="gutter" aria-hidden="true">
        {fate?.glyph ?? ''}
      </span>
      <span className="code" style={{ paddingLeft: `${l.dash ? l.indent - 2 : l.indent}ch` }}>
        {l.dash && <span className="tok-dash">- </span>}
        {l.key !== undefined && <span className="tok-key">{l.key}:</span>}
        {l.value !== undefined && <span className={l.missing ? 'tok-missing' : 'tok-value'}>{l.key !== undefined ? ' ' : ''}{l.value}</span>}
      </span>
    </div>
  );
}

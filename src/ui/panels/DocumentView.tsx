// A converted document as YAML lines, each coloured by its fate. Only the visible window of lines is in
// the DOM, so a 1 MB resource renders as fast as a small one. Clicking a line (or moving through lines
// with the arrow keys) selects the source field, which the other panes and the editor highlight.
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Line, PaneView } from '../viewModel/types.ts';
import { copiedYaml, firstLineUnder, lineAt, srcKeyAt } from '../viewModel/packLines.ts';
import { FATE_BY_KIND, fateTitle, ghostNote } from './fates.ts';
import { PATH_KEY_SEPARATOR, isUnderKey } from '../../core/index.ts';

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
  /** Fields whose type changed on the way here, by path key: what their ghost lines say instead of "has no". */
  readonly typeChanges?: ReadonlyMap<string, string>;
}

/** `spec.items.0.name`: the path form used in data-path attributes. */
export const dataPath = (key: string) => key.split(PATH_KEY_SEPARATOR).join('.');

const isUnder = isUnderKey;
/** The source field a line shows (its own path when the structure is unchanged). */
const srcOf = (l: Line) => l.src ?? l.path;
const EMPTY = {
  size: 0,
  width: 0,
  text: '',
  offs: new Int32Array(0),
  meta: new Int32Array(0),
  notes: [],
  noteIdx: new Int32Array(0),
};

export function DocumentView({
  label,
  view,
  subtitle,
  highlight,
  onSelect,
  children,
  busy,
  typeChanges,
}: DocumentViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [win, setWin] = useState({ top: 0, height: 600 });
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const packed = view?.lines ?? EMPTY;
  const count = packed.size;
  // Lines a conversion rule wrote: data-rule names it.
  const ruleOf = useMemo(() => new Map(view?.rules ?? []), [view]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWin({ top: el.scrollTop, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const firstMatch = useMemo(
    () => (highlight === undefined ? -1 : firstLineUnder(packed, highlight)),
    [packed, highlight],
  );

  // Bring the selected field into view when another pane or the editor selected it.
  useEffect(() => {
    const el = scroller.current;
    if (!el || firstMatch < 0) return;
    const y = firstMatch * LINE_HEIGHT;
    if (y < el.scrollTop || y > el.scrollTop + el.clientHeight - LINE_HEIGHT)
      el.scrollTop = Math.max(0, y - el.clientHeight / 3);
  }, [firstMatch]);

  const width = packed.width + 2;
  const from = Math.max(0, Math.floor(win.top / LINE_HEIGHT) - OVERSCAN);
  const to = Math.min(count, Math.ceil((win.top + win.height) / LINE_HEIGHT) + OVERSCAN);

  const select = (i: number | undefined) => {
    setCursor(i);
    onSelect(i === undefined || i >= count ? undefined : srcKeyAt(packed, i));
    const el = scroller.current;
    if (el && i !== undefined) {
      const y = i * LINE_HEIGHT;
      if (y < el.scrollTop) el.scrollTop = y;
      else if (y > el.scrollTop + el.clientHeight - LINE_HEIGHT) el.scrollTop = y - el.clientHeight + LINE_HEIGHT;
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const at = cursor ?? (firstMatch >= 0 ? firstMatch : -1);
    const page = Math.max(1, Math.floor(win.height / LINE_HEIGHT) - 1);
    const next =
      e.key === 'ArrowDown'
        ? at + 1
        : e.key === 'ArrowUp'
          ? at - 1
          : e.key === 'PageDown'
            ? at + page
            : e.key === 'PageUp'
              ? at - page
              : e.key === 'Home'
                ? 0
                : e.key === 'End'
                  ? count - 1
                  : undefined;
    if (next === undefined) {
      if (e.key === 'Escape') select(undefined);
      return;
    }
    e.preventDefault();
    select(Math.max(0, Math.min(count - 1, next)));
  };

  const rows: ReactNode[] = [];
  for (let i = from; i < to; i++) {
    const l = lineAt(packed, i);
    rows.push(
      <LineRow
        key={i}
        line={l}
        rule={ruleOf.get(l.path)}
        version={view?.version ?? ''}
        typeChange={typeChanges?.get(l.path)}
        selected={highlight !== undefined && isUnder(srcOf(l), highlight)}
        cursor={cursor === i}
        onMouseDown={(e) => {
          // Select on press, keep the default (text selection, focus moving out of Monaco) from running:
          // in Chromium that default left the pane's text unpainted until the next scroll.
          if (e.button !== 0) return;
          e.preventDefault();
          scroller.current?.focus({ preventScroll: true });
          select(i);
        }}
      />,
    );
  }

  return (
    <section className="pane" aria-label={label} aria-busy={busy ? 'true' : undefined}>
      <h2 className="pane-header">
        <span className="pane-title">{label}</span>
        {view && <span className="version-badge">{view.version}</span>}
        {subtitle}
        {view && <CopyYaml label={label} view={view} />}
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
        <div className="doc-spacer" style={{ height: count * LINE_HEIGHT, minWidth: `calc(${width}ch + 2.5rem)` }}>
          {/* Rows in normal flow after a spacer (absolutely placed rows were not repainted reliably). */}
          <div style={{ height: from * LINE_HEIGHT }} aria-hidden="true" />
          {rows}
        </div>
      </div>
    </section>
  );
}

function LineRow({
  line: l,
  rule,
  version,
  selected,
  cursor,
  onMouseDown,
  typeChange,
}: {
  typeChange: string | undefined;
  line: Line;
  rule: string | undefined;
  version: string;
  selected: boolean;
  cursor: boolean;
  onMouseDown: (e: MouseEvent) => void;
}) {
  const fate = l.fate ? FATE_BY_KIND.get(l.fate) : undefined;
  const cls = [
    'line',
    l.fate ? `fate-${l.fate}` : '',
    selected ? 'hl' : '',
    cursor ? 'cursor' : '',
    l.missing ? 'missing' : '',
    l.ghost ? 'ghost' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // A ghost (a field this version lacks) says why in plain words; its hover adds the conversion's reason.
  const note = l.ghost === 'root' ? ghostNote(l.fate, l.key, version, typeChange) : undefined;
  const title = fateTitle(l.fate, l.reason);
  return (
    <div
      className={cls}
      data-path={dataPath(l.path)}
      data-fate={l.fate}
      data-code={l.code}
      data-ghost={l.ghost}
      data-rule={rule}
      title={note ? `${note}\n${title ?? ''}` : title}
      onMouseDown={onMouseDown}
    >
      <span className="gutter" aria-hidden="true">
        {fate?.glyph ?? ''}
      </span>
      <span className="code" style={{ paddingLeft: `${l.dash ? l.indent - 2 : l.indent}ch` }}>
        {l.dash && <span className="tok-dash">- </span>}
        {l.key !== undefined && <span className="tok-key">{l.key}:</span>}
        {l.value !== undefined && (
          <span className={l.missing ? 'tok-missing' : 'tok-value'}>
            {l.key !== undefined ? ' ' : ''}
            {l.value}
          </span>
        )}
        {note && <span className="ghost-note"> ✕ {note}</span>}
      </span>
    </div>
  );
}

/**
 * Copies the pane's document as YAML (what the pane shows, without the placeholders of missing fields). Not
 * while a large input's pane has only its first lines (the second phase brings the rest).
 */
function CopyYaml({ label, view }: { label: string; view: PaneView }) {
  const [done, setDone] = useState<'copied' | 'failed' | undefined>();
  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => setDone(undefined), 1500);
    return () => clearTimeout(t);
  }, [done]);
  const { lines, version } = view;
  if (lines.size === 0 || view.partial) return null;
  return (
    <button
      type="button"
      className="pane-copy"
      title="Copy this document as YAML (a comment first names the fields it leaves out)"
      onClick={() =>
        navigator.clipboard.writeText(copiedYaml(lines, version)).then(
          () => setDone('copied'),
          () => setDone('failed'),
        )
      }
    >
      {done === 'copied' ? 'Copied' : done === 'failed' ? 'Copy failed' : 'Copy YAML'}
      <span className="visually-hidden"> ({label})</span>
    </button>
  );
}

// The bar between the panes and the details below: drag it, or focus it and use the arrow keys, to give
// either more room. The size is a share of the window's height, kept in localStorage.
import { useCallback, useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { readLocal, writeLocal } from '../platform/storage.ts';

const KEY = 'version-explorer:details-height';
export const DEFAULT_DETAILS_VH = 36;
const MIN = 12;
const MAX = 75;
const STEP = 4;

const clamp = (v: number) => Math.round(Math.min(MAX, Math.max(MIN, v)));

function stored(): number | undefined {
  const v = Number(readLocal(KEY) ?? '');
  return Number.isFinite(v) && v > 0 ? clamp(v) : undefined;
}

/**
 * The details panel's height (vh), a setter that keeps it within bounds and remembers it, and whether the user
 * chose it (until then the panes keep room for 20 lines and the details take what is left).
 */
export function useDetailsHeight(): [number, (vh: number) => void, boolean] {
  const [chosen, setChosen] = useState(stored);
  const set = useCallback((v: number) => setChosen(clamp(v)), []);
  useEffect(() => {
    // If not kept, the next visit starts from the default.
    if (chosen !== undefined) writeLocal(KEY, String(chosen));
  }, [chosen]);
  return [chosen ?? DEFAULT_DETAILS_VH, set, chosen !== undefined];
}

export function Splitter({ vh, onChange }: { readonly vh: number; readonly onChange: (vh: number) => void }) {
  const [dragging, setDragging] = useState(false);
  const fromPointer = (e: PointerEvent) => onChange(((window.innerHeight - e.clientY) / window.innerHeight) * 100);
  const onKeyDown = (e: KeyboardEvent) => {
    const next =
      e.key === 'ArrowUp'
        ? vh + STEP
        : e.key === 'ArrowDown'
          ? vh - STEP
          : e.key === 'Home'
            ? MAX
            : e.key === 'End'
              ? MIN
              : e.key === 'Enter'
                ? DEFAULT_DETAILS_VH
                : undefined;
    if (next === undefined) return;
    e.preventDefault();
    onChange(next);
  };
  return (
    <div
      className={`splitter${dragging ? ' dragging' : ''}`}
      role="separator"
      aria-orientation="horizontal"
      aria-label="Details height"
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      aria-valuenow={vh}
      tabIndex={0}
      title="Drag, or use the arrow keys, to resize the details (double-click: default size)"
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        setDragging(true);
      }}
      onPointerMove={(e) => dragging && fromPointer(e)}
      onPointerUp={(e) => {
        if (!dragging) return;
        e.currentTarget.releasePointerCapture(e.pointerId);
        setDragging(false);
      }}
      onDoubleClick={() => onChange(DEFAULT_DETAILS_VH)}
      onKeyDown={onKeyDown}
    />
  );
}

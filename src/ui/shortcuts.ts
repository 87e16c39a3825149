// Keyboard shortcuts, defined once: the page listens for them, and the editor registers the same ones
// inside Monaco so they work while editing (Monaco would otherwise take keys like Ctrl+Enter).

/** A key combination by KeyboardEvent.code (layout independent). `mod` is Ctrl, or Cmd on macOS. */
export interface KeySpec {
  readonly code: string;
  readonly mod?: boolean;
  readonly alt?: boolean;
  readonly shift?: boolean;
}

export interface Shortcut {
  readonly id: string;
  readonly label: string;
  readonly keys: KeySpec;
  readonly run: () => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function matches(e: KeyboardEvent, k: KeySpec): boolean {
  const mod = isMac ? e.metaKey : e.ctrlKey;
  return (
    e.code === k.code && mod === (k.mod ?? false) && e.altKey === (k.alt ?? false) && e.shiftKey === (k.shift ?? false)
  );
}

const KEY_NAMES: Record<string, string> = {
  BracketRight: ']',
  BracketLeft: '[',
  Period: '.',
  Comma: ',',
  Enter: 'Enter',
  Slash: '/',
};

export function describeKeys(k: KeySpec): string[] {
  const name = KEY_NAMES[k.code] ?? k.code.replace(/^Key|^Digit/, '');
  return [
    ...(k.mod ? [isMac ? '⌘' : 'Ctrl'] : []),
    ...(k.alt ? [isMac ? '⌥' : 'Alt'] : []),
    ...(k.shift ? ['Shift'] : []),
    name,
  ];
}

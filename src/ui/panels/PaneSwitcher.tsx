// On a narrow screen the three panes would stack (Target some 1,200 px down): one pane at a time instead,
// picked here.
export const PANES = ['Resource', 'Hub', 'Target'] as const;
export type PaneName = (typeof PANES)[number];

export function PaneSwitcher({ shown, onShow }: { shown: PaneName; onShow: (p: PaneName) => void }) {
  return (
    <div className="segmented pane-switcher" role="radiogroup" aria-label="Pane">
      {PANES.map((p) => (
        <label key={p} className={p === shown ? 'on' : ''}>
          <input type="radio" name="pane" value={p} checked={p === shown} onChange={() => onShow(p)} />
          {p}
        </label>
      ))}
    </div>
  );
}

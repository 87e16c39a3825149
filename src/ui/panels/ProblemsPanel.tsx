// The Problems tab (like an IDE's): every problem of the current state by where it is and how bad, in words
// first and the code as a detail; each one a button that moves the cursor to its line (or selects its field).
import type { Problem, ProblemGroup } from '../explorer/problems.ts';
import { problemKind } from '../explorer/problems.ts';

export function ProblemsPanel({
  groups,
  onGo,
}: {
  readonly groups: readonly ProblemGroup[];
  readonly onGo: (p: Problem) => void;
}) {
  if (groups.length === 0)
    return <p className="empty">No problems: the API server would accept this, and nothing is lost or rejected.</p>;
  return (
    <div className="problems-panel">
      {groups.map((g) => (
        <section key={g.where} aria-label={g.where}>
          <h3>
            {g.where} <span className="tab-count">{g.problems.length}</span>
          </h3>
          <ul className="problem-list" aria-label={`Problems in ${g.where}`}>
            {g.problems.map((p) => (
              <li key={p.key} data-code={p.code} data-severity={p.severity}>
                <button
                  type="button"
                  className={`problem sev-${p.severity}`}
                  disabled={p.goTo === undefined}
                  title={p.goTo ? 'Go to it' : undefined}
                  onClick={() => onGo(p)}
                >
                  <span className={`problem-sev sev-${p.severity}`}>{p.severity}</span>
                  <span className="problem-text">
                    <span className="problem-kind">{problemKind(p.code)}</span>
                    {': '}
                    {p.message}
                  </span>
                  <span className="problem-where muted">
                    {p.path && <code>{p.path}</code>}
                    {p.line !== undefined && <> line {p.line}</>} <code className="problem-code">{p.code}</code>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

// The panels' tables: a label, column headers and (optionally) a caption in one place; the rows are the caller's.
import type { ReactNode } from 'react';

export function Table({
  label,
  columns,
  caption,
  className = 'plan',
  children,
}: {
  readonly label: string;
  readonly columns: readonly string[];
  readonly caption?: ReactNode;
  readonly className?: string;
  /** The table's body (one or more `<tbody>`). */
  readonly children: ReactNode;
}) {
  return (
    <table className={className} aria-label={label}>
      {caption !== undefined && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type FigureColumn = { label: string; numeric?: boolean };

/** A scrollable table of figures with labelled column headers; numeric columns align right. */
export function FigureTable({
  columns,
  caption,
  children,
}: {
  columns: FigureColumn[];
  /** Names the table for screen readers where no heading right before it does. */
  caption?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="text-muted-foreground">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={cn('py-2 font-medium', index < columns.length - 1 && 'pr-4', column.numeric && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

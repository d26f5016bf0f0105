import { useTranslation } from 'react-i18next';

/**
 * The numbers behind a chart, folded under the drawing: the summary opens it by keyboard, and screen readers reach
 * the table as a table named after the chart. The first cell of each row is its row header.
 */
export function ChartTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: string[];
  rows: Array<{ key: string; cells: string[] }>;
}) {
  const { t } = useTranslation('common');
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{t('charts.showTable')}</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="py-1 pr-4 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, cells: [header, ...cells] }) => (
              <tr key={key} className="border-t border-border">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {header}
                </th>
                {cells.map((cell, index) => (
                  <td key={columns[index + 1] ?? index} className="py-1 pr-4">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

import type { Key, ReactNode } from 'react';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The header is read by screen readers only (e.g. a column of icon buttons). */
  hideHeader?: boolean;
  /** Narrow columns of controls sit at the end of the row. */
  align?: 'start' | 'end';
}

export interface TableProps<Row> {
  /** Names the table for assistive technology; shown above it unless `hideCaption`. */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}

/**
 * On phones the header row is hidden and each cell shows its column's name from this attribute (theme.css, issue 30):
 * a CSS label with empty alternative text, so screen readers, which hear the <th>, do not hear it twice.
 */
function phoneLabel<Row>(column: TableColumn<Row>): string | undefined {
  return !column.hideHeader && column.align !== 'end' && typeof column.header === 'string' ? column.header : undefined;
}

/**
 * A data table (docs/architecture/README.md#look-and-feel: sharing table, admin lists). A real <table> for assistive technology; on phones the rows
 * stack, each cell on its own line under its column's name, except end-aligned control cells which stay side by side.
 */
export function Table<Row>({ caption, hideCaption, columns, rows, rowKey }: TableProps<Row>) {
  return (
    <table className="pd-table">
      <caption className={hideCaption ? 'pd-visually-hidden' : 'pd-table__caption'}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={[column.hideHeader ? 'pd-visually-hidden' : '', column.align === 'end' ? 'pd-table__end' : ''].join(' ').trim() || undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.key} className={column.align === 'end' ? 'pd-table__end' : undefined} data-label={phoneLabel(column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

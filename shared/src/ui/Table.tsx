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
 * A data table (docs/architecture/README.md#look-and-feel: sharing table, admin lists). A real <table> for assistive technology; on phones the rows
 * stack, each cell on its own line, except end-aligned control cells which stay side by side.
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
              <td key={column.key} className={column.align === 'end' ? 'pd-table__end' : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

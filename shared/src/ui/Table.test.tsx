// Phone tables name each cell's column (issue 30): the label comes from the cell's data-label through CSS, with empty
// alternative text, so a cell's text and its accessible name stay the value alone.
import { render, screen, within } from '@testing-library/react';
import { Table } from './Table';

const rows = [{ id: 1, name: 'Hill fence', product: 'FenceAlarm' }];

test('each data cell carries its column name for the phone layout; hidden headers and control cells do not', () => {
  render(
    <Table
      caption="Devices"
      columns={[
        { key: 'name', header: 'Name', cell: (r) => r.name },
        { key: 'product', header: 'Product', cell: (r) => r.product },
        { key: 'icon', header: 'Picture', hideHeader: true, cell: () => '·' },
        { key: 'actions', header: 'Actions', align: 'end', cell: () => <button type="button">Remove</button> },
      ]}
      rows={rows}
      rowKey={(r) => r.id}
    />,
  );
  const cells = within(screen.getByRole('table', { name: 'Devices' })).getAllByRole('cell');
  expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Product', null, null]);
  expect(cells[0]).toHaveTextContent(/^Hill fence$/);
  expect(screen.getByRole('cell', { name: 'Hill fence' })).toBe(cells[0]);
});

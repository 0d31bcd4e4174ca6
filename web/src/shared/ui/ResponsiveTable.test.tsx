import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveTable } from './ResponsiveTable';

interface Member {
  id: number;
  name: string;
  role: { label: string };
}

const rows: Member[] = [
  { id: 1, name: 'Ada', role: { label: 'Owner' } },
  { id: 2, name: 'Bo', role: { label: 'Viewer' } },
];

function renderAt(width: number, onSelect = vi.fn()) {
  vi.stubGlobal('innerWidth', width);
  render(
    <ResponsiveTable<Member>
      rowKey="id"
      dataSource={rows}
      rowSelection={{ selectedRowKeys: [2], onChange: onSelect }}
      columns={[
        { key: 'name', dataIndex: 'name', title: 'Name' },
        { key: 'role', dataIndex: ['role', 'label'], title: 'Role' },
        { key: 'email', title: 'Email', render: (_, row) => `${row.name.toLowerCase()}@x.org` },
        { key: 'actions', title: 'Actions', render: () => <button type="button">Edit</button> },
      ]}
    />,
  );
  return onSelect;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<ResponsiveTable>', () => {
  it('is a table on a desktop', () => {
    renderAt(1440);
    expect(document.querySelector('.ant-table')).not.toBeNull();
    expect(screen.queryAllByTestId('row-card')).toHaveLength(0);
  });

  it('turns each row into a card with labelled values on a phone', async () => {
    const onSelect = renderAt(390);
    expect(document.querySelector('.ant-table')).toBeNull();
    const cards = screen.getAllByTestId('row-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Ada')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('RoleOwner');
    expect(cards[0]).toHaveTextContent('Emailada@x.org');
    expect(first.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('checkbox')).toBeChecked();
    await userEvent.click(first.getByRole('checkbox'));
    expect(onSelect).toHaveBeenCalledWith([2, 1], [], { type: 'single' });
  });

  it("says the table's empty text on a phone too", () => {
    vi.stubGlobal('innerWidth', 390);
    render(
      <ResponsiveTable<Member>
        rowKey="id"
        dataSource={[]}
        locale={{ emptyText: 'Nobody here yet' }}
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
      />,
    );
    expect(screen.getByText('Nobody here yet')).toBeInTheDocument();
  });
});

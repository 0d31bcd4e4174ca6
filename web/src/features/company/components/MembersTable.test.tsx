import type { CompanyMember } from '@solar/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PermissionSetProvider } from '../../../shared/permissions/PermissionContext';
import { MembersTable } from './MembersTable';

const member = (id: number, isEnabled: boolean): CompanyMember => ({
  id,
  email: `m${id}@example.com`,
  nickname: `Member ${id}`,
  phone: null,
  isAdministrator: false,
  isEnabled,
  roleId: 1,
  roleName: 'Viewers',
  companyId: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
});

function renderTable(held: string[]) {
  render(
    <PermissionSetProvider held={new Set(held)}>
      <MemoryRouter>
        <MembersTable
          members={[member(1, true), member(2, false)]}
          isLoading={false}
          pagination={false}
          onEdit={vi.fn()}
          onChanged={vi.fn(async () => undefined)}
        />
      </MemoryRouter>
    </PermissionSetProvider>,
  );
}

describe('<MembersTable>', () => {
  it('shows the status as text, with no switch, without the edit permission', () => {
    renderTable(['company.user']);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('cell', { name: 'Enabled' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Disabled' })).toBeInTheDocument();
  });

  it('shows the enable switch with the edit permission', () => {
    renderTable(['company.user', 'company.user.edit']);
    expect(screen.getAllByRole('switch', { name: 'Enabled' })).toHaveLength(2);
  });
});

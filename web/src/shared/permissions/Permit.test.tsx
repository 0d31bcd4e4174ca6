import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionSetProvider } from './PermissionContext';
import { Permit } from './Permit';

function renderWith(held: string[]) {
  return render(
    <PermissionSetProvider held={new Set(held)}>
      <Permit permission="company.role.create">
        <button type="button">Add role</button>
      </Permit>
    </PermissionSetProvider>,
  );
}

describe('<Permit>', () => {
  it('hides its children without the permission', () => {
    renderWith(['company.role.list.view']);
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
  });

  it('shows its children with the permission', () => {
    renderWith(['company.role.list.view', 'company.role.create']);
    expect(screen.getByRole('button', { name: 'Add role' })).toBeInTheDocument();
  });
});

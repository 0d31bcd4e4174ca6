import { ErrorCode } from '@solar/contract';
import { errorText } from '../../../shared/i18n/error-text';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { CustomerTypeFormModal } from './CustomerTypeFormModal';

/** The server's code 4 with the fields it refused in `data`. */
function refusedFields(...fields: string[]) {
  return () => ({
    body: {
      code: ErrorCode.validation,
      msg: 'invalid',
      data: { fields: fields.map((field) => ({ field, message: 'validation.invalid' })) },
    },
  });
}

async function addType(answer: ReturnType<typeof refusedFields>) {
  const onClose = vi.fn();
  renderPage(<CustomerTypeFormModal open type={undefined} onClose={onClose} />, {
    routes: { 'POST /api/v1/customerType': answer },
  });
  await userEvent.type(screen.getByLabelText('Type name'), 'Installers');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { onClose };
}

describe('<CustomerTypeFormModal>', () => {
  it('shows "name exists" under the name when code 4 names the name field', async () => {
    const { onClose } = await addType(refusedFields('name'));
    expect(await screen.findByText('A type with this name exists')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('toasts a code 4 for another field and says nothing about the name', async () => {
    const { onClose } = await addType(refusedFields('remark'));
    expect(await screen.findByText(errorText(ErrorCode.validation))).toBeInTheDocument();
    expect(screen.queryByText('A type with this name exists')).toBeNull();
    await waitFor(() => expect(onClose).not.toHaveBeenCalled());
  });
});

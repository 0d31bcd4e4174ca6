import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider, Form, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { FormModal } from './FormModal';

interface NameValues {
  name: string;
}

const NAME_TAKEN = 900;

function NameDialog(props: {
  onSubmit: (values: NameValues) => Promise<unknown>;
  onClose?: (isSaved: boolean) => void;
}): ReactNode {
  const [isOpen, setIsOpen] = useState(true);
  return (
    // Without motion the dialog unmounts on close: jsdom never ends antd's animations.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Button onClick={() => setIsOpen(true)}>Open</Button>
      <FormModal<NameValues>
        open={isOpen}
        title="Plant name"
        initialValues={{ name: 'Initial' }}
        onSubmit={props.onSubmit}
        fieldErrors={{ field: 'name', messageByCode: { [NAME_TAKEN]: 'Name taken' } }}
        onClose={(isSaved) => {
          setIsOpen(false);
          props.onClose?.(isSaved);
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Required' }]}>
          <Input />
        </Form.Item>
      </FormModal>
    </ConfigProvider>
  );
}

async function replaceName(name: string): Promise<void> {
  const input = screen.getByLabelText('Name');
  await userEvent.clear(input);
  if (name) await userEvent.type(input, name);
}

describe('<FormModal>', () => {
  it('sends the validated values, then closes as saved', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(<NameDialog onSubmit={onSubmit} onClose={onClose} />);
    await replaceName('Solar');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Solar' });
  });

  it('does not send values that fail their rules', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<NameDialog onSubmit={onSubmit} />);
    await replaceName('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a listed API code under its field and stays open', async () => {
    const onClose = vi.fn();
    render(
      <NameDialog
        onSubmit={() => Promise.reject(new ApiError(NAME_TAKEN, 'taken'))}
        onClose={onClose}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stays open without a field message for an unlisted failure', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new ApiError(4, 'invalid')));
    const onClose = vi.fn();
    render(<NameDialog onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Name taken')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('guards Save against a double click while the first save runs', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new ApiError(4, 'invalid')));
    render(<NameDialog onSubmit={onSubmit} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('closes unsaved on Cancel and starts again from the initial values', async () => {
    const onClose = vi.fn();
    render(<NameDialog onSubmit={() => Promise.resolve()} onClose={onClose} />);
    await replaceName('Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByLabelText('Name')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Initial');
  });
});

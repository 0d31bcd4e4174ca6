import { rules } from '@solar/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormFields } from './FormFields';

interface ContactValues {
  email: string;
  phone: string;
  nickname: string;
  kind: string;
  code: string;
}

const contactBody = z.strictObject({
  email: rules.email,
  phone: rules.phone.optional(),
  nickname: rules.name(12),
  kind: z.enum(['owner', 'staff']),
  code: rules.text(12).optional(),
});

const codeFree = {
  validator: async (_rule: unknown, value: unknown) => {
    if (value === 'taken') throw new Error('Code taken');
  },
};

function ContactForm(props: { onFinish: (values: ContactValues) => void }): ReactNode {
  return (
    <Form<ContactValues> onFinish={props.onFinish}>
      <FormFields<ContactValues>
        body={contactBody}
        fields={[
          { name: 'email', label: 'E-mail', control: { kind: 'text' } },
          { name: 'phone', label: 'Phone', control: { kind: 'text' } },
          { name: 'nickname', label: 'Nickname', control: { kind: 'text' }, rules: [] },
          {
            name: 'kind',
            label: 'Kind',
            control: { kind: 'select', options: [{ value: 'owner', label: 'Owner' }] },
          },
          { name: 'code', label: 'Code', control: { kind: 'text' }, moreRules: [codeFree] },
        ]}
      />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('<FormFields> with a body schema', () => {
  it("checks a text field without rules by its key's rule in the body, with the contract's message", async () => {
    const onFinish = vi.fn();
    render(<ContactForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('lets a field the body may leave out stay empty, and keeps declared rules and selects as declared', async () => {
    const onFinish = vi.fn();
    render(<ContactForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The phone is optional in the body; the nickname declares no rules, so the body's
    // required name does not apply; the select keeps its own (no) rules.
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });

  it('refuses in the form what the body refuses for an optional field that was filled in', async () => {
    const onFinish = vi.fn();
    render(<ContactForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it("runs a field's further rules after the body's rule", async () => {
    render(<ContactForm onFinish={vi.fn()} />);
    const code = screen.getByLabelText('Code');
    await userEvent.type(code, 'x'.repeat(13));
    expect(await screen.findByText('At most 12 characters')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, 'taken');
    expect(await screen.findByText('Code taken')).toBeInTheDocument();
  });
});

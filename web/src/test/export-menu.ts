import { createExport } from '@solar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sentJsonBody } from './expect-sent';
import type { FakeRequest } from './fake-server';

/** Chooses `format` in the page's export menu; then the JSON body of the export it started. */
export async function exportAs(requests: readonly FakeRequest[], format: string): Promise<unknown> {
  await userEvent.hover(screen.getByRole('button', { name: /Export/ }));
  await userEvent.click(await screen.findByText(format));
  return sentJsonBody(requests, createExport);
}

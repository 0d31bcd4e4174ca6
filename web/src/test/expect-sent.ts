import type { Endpoint } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { requestsTo } from './fake-endpoints';
import type { FakeRequest } from './fake-server';

type Params = Record<string, string | number>;

/** Waits until the page's first request to `endpoint` (with `params`) carries `body`. */
export async function expectSentBody(
  requests: readonly FakeRequest[],
  endpoint: Endpoint,
  params: Params,
  body: string,
): Promise<void> {
  await waitFor(() => expect(requestsTo(requests, endpoint, params)[0]?.body).toBe(body));
}

/** Answers the open confirmation with OK; then the page must send `endpoint` exactly once. */
export async function confirmAndExpectSent(
  requests: readonly FakeRequest[],
  endpoint: Endpoint,
  params: Params = {},
): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
  await waitFor(() => expect(requestsTo(requests, endpoint, params)).toHaveLength(1));
}

/** Waits until the page sent `endpoint` exactly once; then its JSON body. */
export async function sentJsonBody(
  requests: readonly FakeRequest[],
  endpoint: Endpoint,
): Promise<unknown> {
  await waitFor(() => expect(requestsTo(requests, endpoint)).toHaveLength(1));
  return JSON.parse(requestsTo(requests, endpoint)[0]!.body ?? '');
}

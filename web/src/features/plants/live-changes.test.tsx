import { plantEnergyByDay, plantEvents, plantPowerCurve } from '@solar/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { endpointKey } from '../../shared/api/hooks';
import { type PlantLive, useFollowLiveChanges } from './api';

type Changes = PlantLive['changes'];

function follow(first: Changes | undefined) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ changes }) => useFollowLiveChanges(changes), {
    wrapper,
    initialProps: { changes: first },
  });
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { hook, invalidated };
}

const marks = (lastPowerBucket: string | null, lastEventChange: string | null): Changes => ({
  lastPowerBucket,
  lastEventChange,
});

describe('useFollowLiveChanges', () => {
  it('asks for nothing on the first answer nor while the marks stay', () => {
    const { hook, invalidated } = follow(undefined);
    hook.rerender({ changes: marks('2026-06-01T09:55:00Z', null) });
    hook.rerender({ changes: marks('2026-06-01T09:55:00Z', null) });
    expect(invalidated()).toEqual([]);
  });

  it('asks for the curve and the bars again on a new bucket, the events on an event change', () => {
    const { hook, invalidated } = follow(marks('2026-06-01T09:55:00Z', null));
    hook.rerender({ changes: marks('2026-06-01T10:00:00Z', null) });
    expect(invalidated()).toContainEqual(endpointKey(plantPowerCurve));
    expect(invalidated()).toContainEqual(endpointKey(plantEnergyByDay));
    expect(invalidated()).not.toContainEqual(endpointKey(plantEvents));
    hook.rerender({ changes: marks('2026-06-01T10:00:00Z', '2026-06-01T10:01:00Z') });
    expect(invalidated()).toContainEqual(endpointKey(plantEvents));
  });
});

import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from './ThemeProvider';

/** A system setting for less motion that the test can turn on and off, as a reader would. */
function reducedMotionSetting(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === '(prefers-reduced-motion: reduce)'
      ? ({
          get matches() {
            return matches;
          },
          media: query,
          addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        } as unknown as MediaQueryList)
      : original(query),
  );
  return {
    change(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

function Motion(): ReactNode {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

afterEach(() => vi.restoreAllMocks());

describe('ThemeProvider motion', () => {
  it('animates antd components for a reader who has not asked for less motion', () => {
    reducedMotionSetting(false);
    render(
      <ThemeProvider>
        <Motion />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
  });

  it('turns antd motion off when the reader asks for less, and back on when they stop', () => {
    const setting = reducedMotionSetting(true);
    render(
      <ThemeProvider>
        <Motion />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('false');
    act(() => setting.change(false));
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
  });
});

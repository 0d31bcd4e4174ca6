import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './SubmitButton';

describe('<SubmitButton>', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the click, then stays disabled for 3 seconds', () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<SubmitButton onClick={onClick}>Save</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(button).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(button).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(button).not.toBeDisabled();
  });

  it('still submits its form', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <SubmitButton htmlType="submit">Send</SubmitButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

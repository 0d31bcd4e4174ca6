import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchForStall } from './stall-watch';

function videoAt(time: { current: number }): HTMLVideoElement {
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { get: () => time.current });
  return video;
}

describe('watchForStall', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a picture that stood still for three looks, once', () => {
    const time = { current: 4 };
    const onStall = vi.fn();
    const stop = watchForStall(videoAt(time), onStall);
    vi.advanceTimersByTime(4000);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(onStall).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(onStall).toHaveBeenCalledTimes(1);
    stop();
  });

  it('leaves a playing picture and one that never started alone', () => {
    const playing = { current: 1 };
    const notStarted = { current: 0 };
    const onStall = vi.fn();
    const stops = [
      watchForStall(videoAt(playing), onStall),
      watchForStall(videoAt(notStarted), onStall),
    ];
    for (let look = 0; look < 10; look += 1) {
      playing.current += 2;
      vi.advanceTimersByTime(2000);
    }
    expect(onStall).not.toHaveBeenCalled();
    stops.forEach((stop) => stop());
  });

  it('stops looking when stopped', () => {
    const onStall = vi.fn();
    watchForStall(videoAt({ current: 3 }), onStall)();
    vi.advanceTimersByTime(20_000);
    expect(onStall).not.toHaveBeenCalled();
  });
});

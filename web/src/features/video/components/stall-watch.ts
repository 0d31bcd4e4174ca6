/** How often a playing picture is looked at, and how many looks in a row it may stand still. */
const STALL_CHECK_MS = 2000;
const STALL_CHECKS = 3;

/**
 * Calls `onStall` once when a picture that has played stands still for about six seconds while
 * the page is visible: a live stream can freeze without the player reporting an error (the
 * camera restarted its stream after a PTZ move, a proxy held the connection). Returns the stop.
 */
export function watchForStall(video: HTMLVideoElement, onStall: () => void): () => void {
  let last = video.currentTime;
  let stillChecks = 0;
  const timer = setInterval(() => {
    const now = video.currentTime;
    const isStill = now > 0 && now === last && document.visibilityState === 'visible';
    stillChecks = isStill ? stillChecks + 1 : 0;
    last = now;
    if (stillChecks < STALL_CHECKS) return;
    clearInterval(timer);
    onStall();
  }, STALL_CHECK_MS);
  return () => clearInterval(timer);
}

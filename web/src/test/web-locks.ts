/**
 * The Web Locks API's exclusive locks, which jsdom lacks: the callbacks asking for one name run
 * one after the other, in order of request, as a browser runs them across the tabs of an origin.
 * Answers the removal.
 */
export function installWebLocks(): () => void {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const held = (queues.get(name) ?? Promise.resolve()).then(callback);
      queues.set(
        name,
        held.catch(() => undefined),
      );
      return held;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return () => Reflect.deleteProperty(navigator, 'locks');
}

/**
 * Full-page navigation goes through here so tests can observe it; the app reloads on
 * sign-out, language change and session end, as section 4 prescribes.
 */
export const browserNavigation = {
  reload(): void {
    window.location.reload();
  },
  goTo(path: string): void {
    window.location.assign(path);
  },
  currentPath(): string {
    return window.location.pathname;
  },
};

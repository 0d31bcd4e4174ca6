/**
 * The text namespaces the public pages (sign-in first) read. The others load with the
 * signed-in app. bench/bundle-size.ts reads this list too.
 */
export const PUBLIC_NAMESPACES = [
  'common',
  'auth',
  'public',
  'validation',
  'menu',
  'fullscreen',
] as const;

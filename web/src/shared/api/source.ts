/** The white-label source marker (CONTRACT.md): header X-Source, default `web`. */
export const SOURCE = (import.meta.env.VITE_SOURCE as string | undefined) ?? 'web';
export const SOURCE_HEADER = { 'X-Source': SOURCE } as const;

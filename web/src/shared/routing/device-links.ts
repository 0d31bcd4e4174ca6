import { familySlug, type GenericFamilyId } from '@solar/contract';

/** The hidden detail route of any generic family's device. */
export function deviceDetailPath(family: GenericFamilyId, sn: string): string {
  return `/device/${familySlug(family)}/${encodeURIComponent(sn)}`;
}

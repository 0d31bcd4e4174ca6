import type { ManagedBrand } from '@solar/contract';

/** A brand without hosts, images or texts, as the brand endpoints answer it; tests override. */
export function managedBrand(overrides: Partial<ManagedBrand> = {}): ManagedBrand {
  return {
    id: 7,
    key: 'moon',
    name: 'Moon Energy',
    hosts: [],
    primaryColor: '#223344',
    logoUrl: null,
    faviconUrl: null,
    signInTitle: {},
    footerText: {},
    agreement: {},
    mailFromName: null,
    mailFromAddress: null,
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

import { currentBrand, getProfile, latestVersion, type CurrentBranding } from '@solar/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../test/fake-endpoints';
import type { FakeHandler } from '../../test/fake-server';
import { profileFor } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { ShellFooter } from './ShellFooter';

const SUNNY: CurrentBranding = {
  key: 'sunny',
  name: 'Sunny Power',
  primaryColor: '#AA5500',
  logoUrl: null,
  faviconUrl: null,
  signInTitle: null,
  footerText: 'Sunny Power Ltd',
  agreement: null,
};

const year = new Date().getFullYear();

function renderFooter(routes: Record<string, FakeHandler>) {
  return renderPage(<ShellFooter />, {
    routes: {
      ...answer(getProfile, profileFor('Sam Staff')),
      ...answer(latestVersion, { version: '2.4.0' }),
      ...routes,
    },
  });
}

describe('<ShellFooter>', () => {
  it("names the brand's footer company when the brand has one", async () => {
    renderFooter(answer(currentBrand, SUNNY));
    expect(
      await screen.findByText(`© ${year} Sunny Power Ltd · Version 2.4.0`),
    ).toBeInTheDocument();
  });

  it("names the user's company under a brand without a footer company, or without a brand", async () => {
    renderFooter(answer(currentBrand, { ...SUNNY, footerText: null }));
    expect(
      await screen.findByText(`© ${year} Demo Solar Installers · Version 2.4.0`),
    ).toBeInTheDocument();
  });

  it('names the portal without a brand or a company', async () => {
    renderFooter({
      ...answer(currentBrand, null),
      ...answer(getProfile, { ...profileFor('Olga Owner'), company: null }),
    });
    expect(await screen.findByText(`© ${year} Solar portal · Version 2.4.0`)).toBeInTheDocument();
  });
});

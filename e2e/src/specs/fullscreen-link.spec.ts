import { seriousViolations } from '../axe.js';
import { assert, assertEqual, screenshot } from '../browser.js';
import { test } from '../fixtures.js';
import { seedOwnerLivePlant, serverFeedsDemoData } from '../live-dataloggers.js';

const TV = { width: 1920, height: 1080 };

test('a TV opens the full-screen display through a signed link without signing in, until it is revoked', async ({
  newContext,
  baseUrl,
  signedInPage,
}) => {
  // Without the demo seed the owner's plant comes from the spec itself (external mode).
  if (!serverFeedsDemoData()) await seedOwnerLivePlant();
  const office = await signedInPage('owner@example.com');
  await office.goto(`${baseUrl}/fullscreen`);
  await office.getByTestId('wall-screen').waitFor();
  await office.getByRole('button', { name: 'Create link' }).click();
  const url = (await office.getByTestId('screen-link-url').innerText()).trim();
  assert(url.startsWith(`${baseUrl}/fullscreen/shared?token=`), `link address ${url}`);

  const tv = await (await newContext(TV)).newPage();
  await tv.goto(url);
  const screen = tv.getByTestId('wall-screen');
  await screen.waitFor();
  assertEqual(await tv.locator('.side-menu, .shell-content').count(), 0, 'kiosk navigation');
  await tv.getByRole('heading', { name: 'All plants' }).waitFor();
  const plantCount = await tv.getByText(/^Plants: \d+$/).innerText();
  assert(Number(plantCount.replace(/\D/g, '')) >= 1, `plants shown: ${plantCount}`);
  for (const figure of ['capacity', 'power', 'today', 'month', 'year', 'lifetime', 'co2']) {
    await tv.getByTestId(`wall-${figure}`).waitFor();
  }
  // The map: a status-coloured, named marker per plant (grey tiles without a network), no links.
  const map = tv.getByTestId('wall-map');
  await map.locator('.plant-map-dot').first().waitFor();
  const names = await map.locator('.leaflet-tooltip').allInnerTexts();
  assert(names.length >= 1 && names.every((name) => name.trim().length > 0), `map names ${names}`);
  await map.locator('.plant-map-dot').first().click({ force: true });
  assertEqual(new URL(tv.url()).pathname, '/fullscreen/shared', 'a marker on the TV opens nothing');
  assertEqual(
    await screen.evaluate((element) => getComputedStyle(element).backgroundColor),
    'rgb(37, 37, 39)',
    'dark wall-screen background',
  );
  const fits = await tv.evaluate(
    () => document.documentElement.scrollHeight <= window.innerHeight + 1,
  );
  assert(fits, 'the display fits 1920x1080 without scrolling');
  await screenshot(tv, 'fullscreen-shared-tv');
  const problems = await seriousViolations(tv);
  assertEqual(problems, [], 'axe on the shared wall screen');

  await office.getByRole('button', { name: 'Revoke' }).first().click();
  await office.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await office.getByText('Revoked').first().waitFor();
  await tv.reload();
  await tv.getByText('This link has expired, was revoked or is invalid').waitFor();
  assertEqual(await tv.getByTestId('wall-power').count(), 0, 'figures after revoke');
});

import { expect, type Page } from '@playwright/test';
import { screenshot } from '../browser.js';
import { test } from '../fixtures.js';
import {
  INSTALLER_FLOW_INVERTER,
  INSTALLER_FLOW_PLANT,
  seedInstallerFlowPlant,
  startInstallerFlowDatalogger,
} from '../live-dataloggers.js';
import { accessTokenOf, getData } from '../portal-api.js';

/**
 * The plant overview's power-flow picture follows the grid when it turns round: the
 * installer's grid-tied plant sells its noon production, then its inverter is shut down and
 * the house buys from the grid; the grid line's direction, animation and words change with it.
 * The spec feeds its own plant at noon on the equator, so it exports whenever the spec runs
 * (no demo plant is sure to); the embedded server's simulator leaves its datalogger alone.
 */
const LIVE_TIMEOUT_MS = 120_000;
/** Two overview refreshes (15 s each) and a record after the command. */
const FLIP_TIMEOUT_MS = 60_000;

interface Answer {
  code: number;
  msg: string;
}

/** Shuts the plant's inverter down (its simulator starts every run with it on). */
async function shutDownInverter(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api/v1/inverter/${INSTALLER_FLOW_INVERTER}/shutdown`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = (await response.json()) as Answer;
  if (answer.code !== 0) throw new Error(`shutdown: ${answer.code} ${answer.msg}`);
}

async function plantId(baseUrl: string, token: string): Promise<number> {
  const plants = await getData<{ infos: { id: number; name: string }[] }>(
    baseUrl,
    token,
    `/api/v1/plants?page=1&size=10&name=${encodeURIComponent(INSTALLER_FLOW_PLANT)}`,
  );
  const plant = plants.infos.find((row) => row.name === INSTALLER_FLOW_PLANT);
  if (!plant) throw new Error(`${INSTALLER_FLOW_PLANT} is not visible to the installer`);
  return plant.id;
}

interface LiveFlow {
  energyFlow: { nodes: { node: string; isPresent: boolean; value: number }[] };
  devices: { dataloggers: { sn: string; status: string; devices: unknown[] }[] };
}

/**
 * Waits until the portal stores the datalogger's meter (the grid node is present), so a
 * datalogger that never delivers fails here with what the plant had, not as a missing line.
 */
async function waitForGridNode(baseUrl: string, token: string, id: number) {
  const deadline = Date.now() + LIVE_TIMEOUT_MS;
  for (;;) {
    const live = await getData<LiveFlow>(baseUrl, token, `/api/v1/plant/${id}/live`);
    if (live.energyFlow.nodes.some((node) => node.node === 'grid' && node.isPresent)) return;
    if (Date.now() > deadline) {
      throw new Error(`the flow plant's meter never arrived: ${JSON.stringify(live.devices)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** The grid's line and node as the picture shows them: direction, animation, words. */
async function expectGrid(page: Page, direction: 'in' | 'out', words: string) {
  const line = page.getByTestId('flow-line-grid');
  await expect(line).toHaveAttribute('data-direction', direction, { timeout: FLIP_TIMEOUT_MS });
  await expect(line).toHaveClass(/power-flow-line-active/);
  await expect(page.getByTestId('flow-node-grid')).toContainText(words);
  await expect(page.getByTestId('power-flow').locator('svg[role="img"]')).toHaveAttribute(
    'aria-label',
    new RegExp(`${words}: \\d`),
  );
}

/** The grid line's drawn start point: where its dashes come from. */
async function gridLineStart(page: Page): Promise<string> {
  const path = (await page.getByTestId('flow-line-grid').getAttribute('d')) ?? '';
  return path.split(' L')[0] ?? '';
}

test('the overview’s flow picture turns round when the plant stops selling and buys', async ({
  baseUrl,
  signedInPage,
}) => {
  test.setTimeout(LIVE_TIMEOUT_MS + 3 * FLIP_TIMEOUT_MS);
  await seedInstallerFlowPlant(baseUrl);
  const dataloggers = await startInstallerFlowDatalogger();
  const token = await accessTokenOf(baseUrl, 'installer@example.com');
  try {
    const id = await plantId(baseUrl, token);
    await waitForGridNode(baseUrl, token, id);
    const page = await signedInPage('installer@example.com');
    await page.goto(`${baseUrl}/plants/overview/${id}`);
    await page.getByTestId('power-flow').waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expectGrid(page, 'out', 'Selling to grid');
    const exportStart = await gridLineStart(page);
    await screenshot(page, 'flow-direction-exporting');

    await shutDownInverter(baseUrl, token);
    await expectGrid(page, 'in', 'Buying from grid');
    expect(await gridLineStart(page)).not.toBe(exportStart);
    await screenshot(page, 'flow-direction-importing');
  } finally {
    await dataloggers.stop();
  }
});

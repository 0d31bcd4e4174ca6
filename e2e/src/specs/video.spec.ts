import { expect, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../browser.js';
import { test } from '../fixtures.js';

const CAMERA = `E2E camera ${Date.now() % 100_000}`;
const SPACE = `Yard ${Date.now() % 100_000}`;

/**
 * The picture now playing, read from the video element through a canvas: a hash of every pixel
 * (it changes with the clock drawn into the picture) and the average colour of 8 vertical bands
 * of the middle rows (the name and the clock are drawn at the top and bottom).
 */
async function readPicture(video: Locator): Promise<{ hash: number; bands: number[] }> {
  return video.evaluate((element: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(element, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    for (let index = 0; index < pixels.length; index += 1) hash = (hash * 31 + pixels[index]!) | 0;
    const top = Math.floor(canvas.height * 0.25);
    const rows = Math.floor(canvas.height * 0.5);
    const bands = new Array<number>(8).fill(0);
    for (let index = top * canvas.width * 4; index < (top + rows) * canvas.width * 4; index += 4) {
      const x = (index / 4) % canvas.width;
      const band = Math.floor((x / canvas.width) * 8);
      bands[band]! += (pixels[index]! + pixels[index + 1]! + pixels[index + 2]!) / 3;
    }
    return { hash, bands: bands.map((sum) => sum / ((canvas.width / 8) * rows)) };
  });
}

const pictureHash = async (video: Locator) => (await readPicture(video)).hash;
const bandColours = async (video: Locator) => (await readPicture(video)).bands;

const distance = (a: number[], b: number[]) =>
  a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] ?? 0)), 0);

async function waitForPicture(video: Locator): Promise<void> {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 45_000,
    })
    .toBeGreaterThan(0.5);
}

async function addSimulatedCamera(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Cameras' }).click();
  await page.getByRole('button', { name: 'Add space' }).click();
  await page.getByLabel('Space', { exact: true }).fill(SPACE);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Add camera' }).click();
  await page.getByLabel('Space', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: SPACE }).click();
  await page.getByLabel('Name', { exact: true }).fill(CAMERA);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: CAMERA })).toBeVisible();
}

/**
 * Deletes the spec's space with its camera: against a database that outlives the run, the
 * space and camera limits would fill up and every old camera's feed would start with the server.
 */
async function removeSpace(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Cameras' }).click();
  await page.getByRole('row', { name: SPACE }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('cell', { name: CAMERA })).toHaveCount(0);
}

test('the installer adds a simulated camera, watches it live, moves it and plays it back', async ({
  baseUrl,
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage('installer@example.com');
  await page.goto(`${baseUrl}/video`);
  await addSimulatedCamera(page);

  await page.getByRole('tab', { name: 'Live view' }).click();
  const video = page.locator(`video[aria-label="${CAMERA}"]`);
  await waitForPicture(video);
  const first = await pictureHash(video);
  await page.waitForTimeout(2000);
  expect(await pictureHash(video), 'the clock in the picture advances').not.toBe(first);
  await screenshot(page, 'video-live');

  const before = await bandColours(video);
  await page.waitForTimeout(1000);
  const still = distance(before, await bandColours(video));
  await video.click();
  await page.getByRole('button', { name: 'Right' }).click();
  await page.getByRole('button', { name: 'Right' }).click();
  await expect
    .poll(async () => distance(before, await bandColours(video)), { timeout: 30_000 })
    .toBeGreaterThan(Math.max(40, still * 3));
  await screenshot(page, 'video-ptz');

  await page.getByRole('tab', { name: 'Playback' }).click();
  await page.getByLabel('Channel').click();
  await page.locator('.ant-select-item-option').filter({ hasText: CAMERA }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await waitForPicture(page.locator('video[aria-label="Recording"]'));
  await screenshot(page, 'video-playback');
  await removeSpace(page);
});

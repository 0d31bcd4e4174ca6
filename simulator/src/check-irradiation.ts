import { IRRADIATION_NORMALS } from './climate.js';
import {
  dailyMeansFromNasaPower,
  dailyMeansFromPvgis,
  monthsOffSource,
  nasaPowerUrl,
  pvgisUrl,
} from './irradiation-sources.js';

/**
 * `npm run check-irradiation -w simulator` (needs the internet): fetches each reference site's
 * monthly irradiation from its source and prints the months where `climate.ts` is more than
 * 10 % off; exits 1 when any is.
 */
const TOLERANCE = 0.1;

async function sourceMeans(site: (typeof IRRADIATION_NORMALS)[number]): Promise<number[]> {
  const isPvgis = site.source === 'pvgis';
  const response = await fetch(isPvgis ? pvgisUrl(site) : nasaPowerUrl(site));
  if (!response.ok) throw new Error(`${site.site}: the source answered ${response.status}`);
  const answer: unknown = await response.json();
  return isPvgis
    ? dailyMeansFromPvgis(answer as Parameters<typeof dailyMeansFromPvgis>[0])
    : dailyMeansFromNasaPower(answer as Parameters<typeof dailyMeansFromNasaPower>[0]);
}

let offCount = 0;
for (const site of IRRADIATION_NORMALS) {
  const off = monthsOffSource(site.ghi, await sourceMeans(site), TOLERANCE);
  offCount += off.length;
  const verdict = off.length === 0 ? 'matches its source' : JSON.stringify(off);
  process.stdout.write(`${site.site}: ${verdict}\n`);
}
process.exitCode = offCount === 0 ? 0 : 1;

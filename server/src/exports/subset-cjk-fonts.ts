// Writes server/fonts/NotoSansSC-{Regular,Bold}.subset.ttf, the CJK fonts of report PDFs:
// Noto Sans SC (OFL) cut down to the characters of `cjkCoverage()` with harfbuzz's subsetter
// (`subset-font`). The full fonts come from the npm registry's `@expo-google-fonts/noto-sans-sc`
// tarball, fetched into a temporary folder, so the 92 MB package is no dependency. Run after the
// Chinese texts change (exports/cjk-coverage.test.ts fails until then):
//   npm run fonts:cjk -w server
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { cjkCoverage } from './cjk-coverage.js';

const SOURCE_PACKAGE = '@expo-google-fonts/noto-sans-sc@0.4.3';
const WEIGHTS = {
  Regular: '400Regular/NotoSansSC_400Regular.ttf',
  Bold: '700Bold/NotoSansSC_700Bold.ttf',
};

const target = join(dirname(fileURLToPath(import.meta.url)), '../../fonts');
const work = mkdtempSync(join(tmpdir(), 'noto-sans-sc-'));
try {
  const tarball = execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent'], { cwd: work })
    .toString()
    .trim();
  execFileSync('tar', ['-xzf', tarball], { cwd: work });
  const text = cjkCoverage();
  for (const [weight, file] of Object.entries(WEIGHTS)) {
    const full = readFileSync(join(work, 'package', file));
    const subset = await subsetFont(full, text, { targetFormat: 'truetype' });
    writeFileSync(join(target, `NotoSansSC-${weight}.subset.ttf`), subset);
    process.stdout.write(`NotoSansSC-${weight}: ${full.length} → ${subset.length} bytes\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

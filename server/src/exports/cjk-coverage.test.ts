import { createRequire } from 'node:module';
import { openSync } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { cjkCoverage } from './cjk-coverage.js';

const fontFile = (name: string) =>
  createRequire(import.meta.url).resolve(`@solar/server/fonts/${name}`);

describe('the CJK fonts of report PDFs', () => {
  it.each(['NotoSansSC-Regular.subset.ttf', 'NotoSansSC-Bold.subset.ttf'])(
    '%s holds a glyph for GB 2312 and every Chinese text of the portal (else run npm run fonts:cjk -w server)',
    (name) => {
      const font = openSync(fontFile(name));
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${name} is a font collection`);
      const missing = [...cjkCoverage()].filter(
        (char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!),
      );
      expect(missing.join('')).toBe('');
      expect(font.hasGlyphForCodePoint('國'.codePointAt(0)!)).toBe(false);
    },
  );
});

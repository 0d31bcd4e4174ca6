import { describe, expect, it } from 'vitest';
import { PDF_PAGE_HEIGHT, pdfImageHeight, pdfSlices } from './pdf-layout';

describe('PDF layout', () => {
  it('scales the snapshot to 560 pt wide', () => {
    expect(pdfImageHeight(1120, 1000)).toBe(500);
  });

  it('uses one page for a short snapshot', () => {
    expect(pdfSlices(1120, 1000)).toEqual([{ offsetY: -0 }]);
  });

  it('shifts the image up one A4 page height per extra page', () => {
    const slices = pdfSlices(560, 2000);
    expect(slices).toHaveLength(3);
    expect(slices[2]?.offsetY).toBeCloseTo(-2 * PDF_PAGE_HEIGHT);
  });
});

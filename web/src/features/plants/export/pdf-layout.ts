/** Section 9: A4 in points, the snapshot drawn 560 pt wide and centred. */
export const PDF_PAGE_WIDTH = 592.28;
export const PDF_PAGE_HEIGHT = 841.89;
export const PDF_IMAGE_WIDTH = 560;

export interface PdfSlice {
  /** Vertical offset of the whole image on this page: zero or negative. */
  offsetY: number;
}

/** The snapshot is drawn once per page, each time shifted up by one page height. */
export function pdfSlices(canvasWidth: number, canvasHeight: number): PdfSlice[] {
  const imageHeight = (PDF_IMAGE_WIDTH / canvasWidth) * canvasHeight;
  const pages = Math.max(1, Math.ceil(imageHeight / PDF_PAGE_HEIGHT));
  return Array.from({ length: pages }, (_, page) => ({ offsetY: -page * PDF_PAGE_HEIGHT }));
}

export function pdfImageHeight(canvasWidth: number, canvasHeight: number): number {
  return (PDF_IMAGE_WIDTH / canvasWidth) * canvasHeight;
}

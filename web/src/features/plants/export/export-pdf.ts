import {
  PDF_IMAGE_WIDTH,
  PDF_PAGE_HEIGHT,
  PDF_PAGE_WIDTH,
  pdfImageHeight,
  pdfSlices,
} from './pdf-layout';

/** Snapshots an element and saves it as `{fileName}.pdf`; both libraries load on first use. */
export async function exportElementToPdf(element: HTMLElement, fileName: string): Promise<void> {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([
    import('html2canvas'),
    import('jspdf'),
  ]);
  const canvas = await html2canvas(element, {
    scale: 2,
    useCORS: true,
    backgroundColor: '#ffffff',
    // The action buttons stay out of the document, as they do when printing.
    ignoreElements: (node) => node.classList.contains('no-print'),
  });
  const image = canvas.toDataURL('image/jpeg', 0.92);
  const imageHeight = pdfImageHeight(canvas.width, canvas.height);
  const left = (PDF_PAGE_WIDTH - PDF_IMAGE_WIDTH) / 2;
  const pdf = new jsPDF({
    orientation: 'portrait',
    unit: 'pt',
    format: [PDF_PAGE_WIDTH, PDF_PAGE_HEIGHT],
  });
  pdfSlices(canvas.width, canvas.height).forEach((slice, index) => {
    if (index > 0) pdf.addPage();
    pdf.addImage(image, 'JPEG', left, slice.offsetY, PDF_IMAGE_WIDTH, imageHeight);
  });
  pdf.save(`${fileName}.pdf`);
}

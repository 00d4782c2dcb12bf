import bwipjs from 'bwip-js';

// The label's two symbols, drawn as rectangles (vector: sharp at any printer's resolution) and encoded by bwip-js.

type Doc = PDFKit.PDFDocument;

/** Modules of white each side of the bars, as Code 128 asks (at least ten). */
const QUIET_MODULES = 10;
/** A module wider than this makes a code no scanner needs; the bars are centred instead. */
const MODULE_MAX = 2;

/** A Code 128 symbol centred in `width` with its quiet zones; bwip-js chooses the code sets and the check character. */
export function drawCode128(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as { sbs: number[] }[];
  const widths = symbol!.sbs;
  const modules = widths.reduce((sum, w) => sum + w, 0);
  const module = Math.min(width / (modules + 2 * QUIET_MODULES), MODULE_MAX);
  let cx = x + (width - modules * module) / 2;
  widths.forEach((w, i) => {
    // Bars and spaces alternate, a bar first.
    if (i % 2 === 0) doc.rect(cx, y, w * module, height);
    cx += w * module;
  });
  doc.fill('black');
}

export interface QrSymbol {
  pixs: number[];
  pixx: number;
  pixy: number;
}

export const encodeQr = (text: string) => bwipjs.raw('qrcode', text, 'eclevel=M')[0] as QrSymbol;

/** A QR code in a `size` square, each row's dark runs drawn as one rectangle. */
export function drawQr(doc: Doc, { pixs, pixx, pixy }: QrSymbol, x: number, y: number, size: number): void {
  const cell = size / pixx;
  for (let row = 0; row < pixy; row++) {
    let run = -1;
    for (let col = 0; col <= pixx; col++) {
      const dark = col < pixx && pixs[row * pixx + col] === 1;
      if (dark && run < 0) run = col;
      if (!dark && run >= 0) {
        doc.rect(x + run * cell, y + row * cell, (col - run) * cell, cell);
        run = -1;
      }
    }
  }
  doc.fill('black');
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LabelSize } from '@courier/contract';
import PDFDocument from 'pdfkit';
import { drawCode128, drawQr, encodeQr, type QrSymbol } from './labels.barcodes.js';

/** One stop as a label prints it: who (where known) and where. */
export interface LabelStop {
  contactName: string | null;
  companyName: string | null;
  /** The street lines; none for a stop placed on the map without an address. */
  street: string[];
  /** The city with the postcode. */
  place: string | null;
  /** The county and the country. */
  region: string | null;
}

/** What one parcel's label shows (decision 067). */
export interface ParcelLabel {
  parcelUuid: string;
  trackingCode: string;
  parcelName: string;
  weightKg: number;
  quantity: number;
  isFragile: boolean;
  /** The parcel's place among its delivery's parcel records (1-based), and how many there are. */
  position: number;
  count: number;
  deliveryName: string;
  /** The client's order number. */
  externalId: string | null;
  from: LabelStop | null;
  to: LabelStop | null;
  /** The recipient's tracking page, printed as a QR code; null when the viewer may not share it. */
  trackingUrl: string | null;
}

/** Page sizes in points: 4×6 in, and A6 (105 × 148 mm). */
export const LABEL_PAGE_SIZES: Record<LabelSize, readonly [number, number]> = {
  '4x6': [288, 432],
  a6: [297.64, 419.53],
};

// DejaVu Sans: Latin with its accents, Greek and Cyrillic in one file, so a name prints as it is written. Resolved
// from node_modules where this module runs (also the bundled server, which keeps node_modules beside it); read once.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
const fonts = () =>
  (fontBytes ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) });

const M = 12;
const GREY = '#555555';
const BAR_HEIGHT = 76;

type Doc = PDFKit.PDFDocument;

/** Renders the labels, one page each, to a PDF's bytes. `compress: false` leaves the streams readable (tests). */
export async function renderLabelsPdf(
  labels: readonly ParcelLabel[],
  opts: { size: LabelSize; compress?: boolean },
): Promise<Buffer> {
  const [width, height] = LABEL_PAGE_SIZES[opts.size];
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: opts.compress ?? true,
    info: { Title: labels.length === 1 ? `Parcel label ${labels[0]!.trackingCode}` : 'Parcel labels' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const { regular, bold } = fonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const qrCodes = new Map<string, QrSymbol>();
  for (const label of labels) {
    doc.addPage({ size: [width, height], margin: 0 });
    drawLabel(doc, label, width, height, qrCodes);
    // A page is a few milliseconds of work: the event loop serves other requests between pages of a long run.
    await new Promise((resolve) => setImmediate(resolve));
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function drawLabel(doc: Doc, label: ParcelLabel, W: number, H: number, qrCodes: Map<string, QrSymbol>): void {
  const inner = W - 2 * M;
  // The sender, small, beside the parcel's count.
  const countW = 78;
  let y = write(doc, 'FROM', M, M, { width: inner - countW - 8, size: 7, bold: true, color: GREY });
  writeStop(doc, label.from, M, y + 1, inner - countW - 8, { name: 8.5, size: 8, compact: true });
  drawCount(doc, label, W - M - countW, M, countW);
  rule(doc, M + 54, W);

  // To: the biggest text on the label.
  y = write(doc, 'TO', M, M + 60, { width: inner, size: 7, bold: true, color: GREY });
  writeStop(doc, label.to, M, y + 1, inner, { name: 14, size: 11, compact: false });
  rule(doc, M + 190, W);

  const barsTop = H - M - 18 - BAR_HEIGHT;
  drawDetails(doc, label, M + 198, barsTop - 6, W, qrCodes);

  drawCode128(doc, label.trackingCode, M, barsTop, inner, BAR_HEIGHT);
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('black')
    .text(label.trackingCode, M, barsTop + BAR_HEIGHT + 3, {
      width: inner,
      align: 'center',
      characterSpacing: 2,
      lineBreak: false,
    });
}

/** The delivery, the order number, the parcel and its weight, the fragile mark; the tracking QR code at the right. */
function drawDetails(
  doc: Doc,
  label: ParcelLabel,
  top: number,
  bottom: number,
  W: number,
  qrCodes: Map<string, QrSymbol>,
): void {
  const qr = label.trackingUrl ? Math.min(74, bottom - top - 9) : 0;
  const width = W - 2 * M - (qr ? qr + 10 : 0);
  let y = write(doc, label.deliveryName, M, top, { width, size: 10, bold: true });
  if (label.externalId) y = write(doc, `Order ${label.externalId}`, M, y + 1, { width, size: 9 });
  y = write(doc, label.parcelName, M, y + 3, { width, size: 10, maxLines: 2 });
  y = write(doc, formatWeight(label.weightKg), M, y + 1, { width, size: 9, color: GREY });
  if (label.isFragile && y + 18 <= bottom) drawFragile(doc, M, y + 4, Math.min(width, 170));
  if (label.trackingUrl && qr > 30) {
    const x = W - M - qr;
    let symbol = qrCodes.get(label.trackingUrl);
    // Every parcel of a delivery shares its link, and encoding one is most of a label's time: once a delivery.
    if (!symbol) qrCodes.set(label.trackingUrl, (symbol = encodeQr(label.trackingUrl)));
    drawQr(doc, symbol, x, top, qr);
    write(doc, 'Track this delivery', x - 10, top + qr + 1, { width: qr + 20, size: 6, align: 'center' });
  }
}

/** "2 of 3" in a box, and the pieces the parcel record stands for when more than one. */
function drawCount(doc: Doc, label: ParcelLabel, x: number, y: number, w: number): void {
  doc.lineWidth(1.2).roundedRect(x, y, w, 44, 4).stroke('black');
  write(doc, `${label.position} of ${label.count}`, x, y + 6, {
    width: w,
    size: 16,
    bold: true,
    align: 'center',
  });
  if (label.quantity > 1)
    write(doc, `Qty ${label.quantity}`, x, y + 27, { width: w, size: 9, bold: true, align: 'center' });
}

/** A stop's lines: each on its own (the recipient's, `compact` false), or the street and the place on two. */
function writeStop(
  doc: Doc,
  stop: LabelStop | null,
  x: number,
  top: number,
  width: number,
  o: { name: number; size: number; compact: boolean },
): number {
  if (!stop) return write(doc, 'Not given', x, top, { width, size: o.size, color: GREY });
  let y = top;
  if (stop.contactName) y = write(doc, stop.contactName, x, y, { width, size: o.name, bold: true });
  if (stop.companyName)
    y = write(doc, stop.companyName, x, y, { width, size: o.size, bold: !stop.contactName });
  if (!stop.street.length && !stop.place)
    return write(doc, 'No address: a point on the map', x, y, { width, size: o.size, color: GREY });
  if (o.compact) {
    y = write(doc, stop.street.join(', '), x, y, { width, size: o.size });
    const place = [stop.place, stop.region].filter(Boolean).join(', ');
    return place ? write(doc, place, x, y, { width, size: o.size }) : y;
  }
  for (const line of stop.street) y = write(doc, line, x, y, { width, size: o.size });
  // The postcode is what a sorter reads: bold.
  if (stop.place) y = write(doc, stop.place, x, y, { width, size: o.size + 1, bold: true });
  if (stop.region) y = write(doc, stop.region, x, y, { width, size: o.size });
  return y;
}

function rule(doc: Doc, y: number, W: number): void {
  doc
    .moveTo(M, y)
    .lineTo(W - M, y)
    .lineWidth(1.5)
    .stroke('black');
}

/** One block of text at (x, y) in up to `maxLines` lines, cut with an ellipsis; answers the y below it. */
function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  o: {
    width: number;
    size: number;
    bold?: boolean;
    color?: string;
    maxLines?: number;
    align?: 'left' | 'center';
  },
): number {
  doc
    .font(o.bold ? 'bold' : 'regular')
    .fontSize(o.size)
    .fillColor(o.color ?? 'black');
  const lineHeight = doc.currentLineHeight(true);
  const height = lineHeight * (o.maxLines ?? 1);
  const options = { width: o.width, align: o.align ?? 'left', lineGap: 0 } as const;
  doc.text(text, x, y, { ...options, height, ellipsis: true });
  return y + Math.min(doc.heightOfString(text, options), height);
}

const formatWeight = (kg: number) =>
  `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(kg)} kg`;

/** The fragile mark: a wine glass (the handling pictogram) and the word, white on black. */
function drawFragile(doc: Doc, x: number, y: number, w: number): void {
  const h = 16;
  doc.rect(x, y, w, h).fill('black');
  const gx = x + 5;
  doc
    .moveTo(gx, y + 3)
    .lineTo(gx + 8, y + 3)
    .lineTo(gx + 7, y + 7)
    .quadraticCurveTo(gx + 4, y + 9.5, gx + 1, y + 7)
    .closePath()
    .fill('white');
  doc.rect(gx + 3.4, y + 8.5, 1.2, 4).fill('white');
  doc.rect(gx + 1.5, y + 12.3, 5, 1.2).fill('white');
  write(doc, 'FRAGILE · handle with care', x + 17, y + 3, {
    width: w - 20,
    size: 8.5,
    bold: true,
    color: 'white',
  });
}

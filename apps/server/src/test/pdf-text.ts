import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';

/**
 * What a PDF shows, page by page, one text operation a line: read through each font's ToUnicode map, as a viewer's
 * copy-and-paste reads it. For the PDFs the server writes with embedded fonts (two-byte glyph codes, pdfkit's).
 */
export async function pdfPages(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; text: string }[]> {
  const doc = await PDFDocument.load(bytes);
  const decode = (obj: PDFObject | undefined): string => {
    const stream = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
    if (stream instanceof PDFArray) return stream.asArray().map(decode).join('\n');
    if (!(stream instanceof PDFRawStream)) return '';
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  };
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<number, string>>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      fonts.set(name.asString(), toUnicodeMap(decode(font.get(PDFName.of('ToUnicode')))));
    }
    const lines: string[] = [];
    let font = new Map<number, string>();
    const ops = /(\/[\w.+-]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (const m of decode(page.node.Contents()).matchAll(ops)) {
      if (m[1]) font = fonts.get(m[1]) ?? new Map<number, string>();
      const hex = m[2] !== undefined ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [m[3]];
      if (m[1] === undefined)
        lines.push(
          hex
            .join('')
            .match(/.{4}/g)
            ?.map((code) => font.get(parseInt(code, 16)) ?? '\uFFFD')
            .join('') ?? '',
        );
    }
    const { width, height } = page.getSize();
    return { width, height, text: lines.join('\n') };
  });
}

/** A ToUnicode CMap's `bfrange` (with arrays or a start) and `bfchar` entries as code → text. */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) =>
    String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<(\w+)>\s*<(\w+)>\s*(\[[^\]]*\]|<\w+>)/g)) {
      const [from, to] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
      const targets = [...m[3]!.matchAll(/<(\w+)>/g)].map((t) => t[1]!);
      for (let code = from; code <= to; code++) {
        const target = m[3]!.startsWith('[')
          ? targets[code - from]
          : (parseInt(targets[0]!, 16) + code - from).toString(16).padStart(4, '0');
        if (target) map.set(code, text(target));
      }
    }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<(\w+)>\s*<(\w+)>/g)) map.set(parseInt(m[1]!, 16), text(m[2]!));
  return map;
}

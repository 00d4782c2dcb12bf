import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FONT_FAMILY } from '@courier/contract/plain';
import { describe, expect, it, vi } from 'vitest';
import { addWebFont, WEB_FONT_FACE, WEB_FONT_FAMILY } from './web-font';

/** A start of the app, with a font set and a FontFace maker that only record what they are given. */
function start({ dev = false, controlled = false } = {}) {
  const added: unknown[] = [];
  const made: [string, string, FontFaceDescriptors][] = [];
  const load = vi.fn(() => Promise.resolve({} as FontFace));
  return {
    added,
    made,
    load,
    start: {
      dev,
      controlled,
      fonts: { add: (face: FontFace) => void added.push(face) } as unknown as Pick<FontFaceSet, 'add'>,
      makeFace: (family: string, source: string, descriptors: FontFaceDescriptors) => {
        made.push([family, source, descriptors]);
        return { load } as unknown as FontFace;
      },
    },
  };
}

describe('Nunito, shipped with the app (issue 33, decision 061)', () => {
  it("is the theme's font, before its sans-serif fallback", () => {
    expect(FONT_FAMILY).toBe(`${WEB_FONT_FAMILY}, sans-serif`);
  });

  it('is the latin subset of the variable font: one file for every weight, swapped in when ready', () => {
    expect(WEB_FONT_FACE.source).toMatch(/^url\(.*nunito-latin-wght-normal.*\.woff2\) format\('woff2'\)$/);
    expect(WEB_FONT_FACE.descriptors).toMatchObject({ style: 'normal', weight: '200 1000', display: 'swap' });
    // The range is fontsource's own for the latin subset; fontsource declares it `swap` too.
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('@fontsource-variable/nunito/wght.css'), 'utf8');
    const latin = /nunito-latin-wght-normal \*\/\s*@font-face \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(latin).toContain('font-display: swap;');
    expect(latin).toContain(`unicode-range: ${WEB_FONT_FACE.descriptors.unicodeRange};`);
  });

  it('costs a cold first visit nothing: declared only when the service worker serves the page', () => {
    const cold = start();
    expect(addWebFont(cold.start)).toBe(false);
    expect(cold.added).toEqual([]);

    const later = start({ controlled: true });
    expect(addWebFont(later.start)).toBe(true);
    expect(later.made).toEqual([[WEB_FONT_FAMILY, WEB_FONT_FACE.source, WEB_FONT_FACE.descriptors]]);
    expect(later.added).toHaveLength(1);
    expect(later.load).toHaveBeenCalledOnce();
  });

  it('is always declared in development, where there is no worker and no budget', () => {
    expect(addWebFont(start({ dev: true }).start)).toBe(true);
  });

  it('leaves the fallback where the browser has no font loading API', () => {
    const none = start({ controlled: true });
    expect(addWebFont({ ...none.start, makeFace: undefined })).toBe(false);
  });
});

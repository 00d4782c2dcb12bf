import nunitoLatin from '@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url';

/** The spec's font ("Font Nunito with sans-serif fallback"): the first name of the theme's FONT_FAMILY. */
export const WEB_FONT_FAMILY = 'Nunito';

/**
 * Nunito as shipped with the app by @fontsource-variable/nunito (OFL): its latin subset only (39 KB), one variable
 * file for every weight the screens draw (400 to 800), shown at once in the fallback and swapped in when ready. Other
 * scripts fall back to sans-serif glyph by glyph. The range is fontsource's own for the subset.
 */
export const WEB_FONT_FACE = {
  family: WEB_FONT_FAMILY,
  source: `url(${nunitoLatin}) format('woff2')`,
  descriptors: {
    style: 'normal',
    weight: '200 1000',
    display: 'swap',
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
} as const satisfies { family: string; source: string; descriptors: FontFaceDescriptors };

interface Start {
  /** A development build: no service worker, no byte budget. */
  dev: boolean;
  /** The page is served by the app's service worker, whose precache holds the font file. */
  controlled: boolean;
  fonts: Pick<FontFaceSet, 'add'> | undefined;
  makeFace: ((family: string, source: string, descriptors: FontFaceDescriptors) => FontFace) | undefined;
}

const browserStart = (): Start => ({
  dev: import.meta.env.DEV,
  // No `serviceWorker` outside a secure context.
  controlled: 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null,
  fonts: document.fonts,
  makeFace:
    typeof FontFace === 'undefined'
      ? undefined
      : (family, source, descriptors) => new FontFace(family, source, descriptors),
});

/**
 * Declares Nunito for this start when drawing in it costs no transfer: the service worker answers the page, so the
 * file comes out of its precache (decision 042's background download after a first visit). A cold first visit, the
 * one issue 15's byte budget measures, draws in the fallback: the sign-in screen is 144–147 KB of its 150 KB and the
 * file alone is 39 KB (decision 061). Declared and read before the first render, so a later visit draws its first
 * screen in Nunito rather than swapping it in under the reader. Answers whether it was declared.
 */
export function addWebFont(start: Start = browserStart()): boolean {
  if (!(start.dev || start.controlled) || !start.fonts || !start.makeFace) return false;
  const face = start.makeFace(WEB_FONT_FACE.family, WEB_FONT_FACE.source, WEB_FONT_FACE.descriptors);
  start.fonts.add(face);
  // Read now, beside the entry's own work, rather than at the first text; a failure leaves the fallback.
  face.load().catch(() => undefined);
  return true;
}

/**
 * Text in a warning colour that keeps WCAG AA contrast in both schemes (decision 041): set in dispatch.module.css per
 * scheme (red 7 on white is 3.9:1; the light variant's colour on dark is near white).
 */
export const RED_TEXT = 'var(--dispatch-red-text)';
export const ORANGE_TEXT = 'var(--dispatch-orange-text)';

import { Fragment, isValidElement, type CSSProperties, type ReactNode } from 'react';
import classes from './vehicle-size-mark.module.css';
import { pictureDrawing, pictureKeyFor } from './vehicle-size-picture';

type PictureKey = ReturnType<typeof pictureKeyFor>;

/**
 * A drawing as SVG markup for a luminance mask: strokes (and filled dots) white, the shapes filled with the page's
 * body colour black. Painted in order, black erases what lies under it, as the body colour covers it in the SVG.
 */
function maskMarkup(node: ReactNode): string {
  if (Array.isArray(node)) return node.map(maskMarkup).join('');
  if (!isValidElement<Record<string, unknown> & { children?: ReactNode }>(node)) return '';
  const { children, ...props } = node.props;
  if (node.type === Fragment) return maskMarkup(children);
  // The drawings' only components (Wheel) are plain functions of their props.
  if (typeof node.type === 'function')
    return maskMarkup((node.type as (p: typeof props) => ReactNode)(props));
  if (typeof node.type !== 'string') return '';
  const attributes = Object.entries(props)
    .map(([name, value]) => {
      const attribute = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      if (attribute === 'fill') return ` fill='${value === 'var(--mantine-color-body)' ? 'black' : 'white'}'`;
      return ` ${attribute}='${String(value)}'`;
    })
    .join('');
  return `<${node.type}${attributes}>${maskMarkup(children)}</${node.type}>`;
}

const masks = new Map<PictureKey, string>();

/** The CSS `url()` of a size's mask, made once per size. */
export function pictureMask(key: PictureKey): string {
  let mask = masks.get(key);
  if (!mask) {
    const svg =
      `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 56' fill='none' stroke='white' stroke-width='2.4' ` +
      `stroke-linecap='round' stroke-linejoin='round'>${maskMarkup(pictureDrawing(key))}</svg>`;
    mask = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
    masks.set(key, mask);
  }
  return mask;
}

/**
 * The same picture as VehicleSizePicture, as one decorative element painted in the text colour through a mask,
 * for long lists: an inline SVG is about ten elements that the browser styles and lays out for every row a scroll
 * brings in. Wheels show the row's own background (also on hover) where the SVG fills them with the body colour.
 */
export function VehicleSizeMark({ size, width = 48 }: { size: string | null | undefined; width?: number }) {
  const key = pictureKeyFor(size);
  const style = { width, height: (width * 56) / 96, '--picture': pictureMask(key) } as CSSProperties;
  return <span className={classes.mark} data-picture={key} aria-hidden style={style} />;
}

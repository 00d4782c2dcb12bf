import { STATUS_TAGS, type StatusTag } from '@courier/contract';

/** The spec's colour tags (section 4) as theme colours: green-teal, orange, red and a light blue. */
export const STATUS_TAG_COLORS = {
  success: 'teal',
  orange: 'orange',
  red: 'red',
  'light-blue': 'cyan',
} as const satisfies Record<StatusTag, string>;

export function isStatusTag(value: unknown): value is StatusTag {
  return typeof value === 'string' && (STATUS_TAGS as readonly string[]).includes(value);
}

/** The theme colour of a tag; anything unknown is grey, so a new server tag never breaks a screen. */
export function statusTagColor(tag: string | null | undefined): string {
  return isStatusTag(tag) ? STATUS_TAG_COLORS[tag] : 'gray';
}

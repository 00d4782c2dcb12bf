import type { Place } from '@courier/contract';
import type { GetInputPropsReturnType } from '@mantine/form';
import { noPoint, placeValues, type PointValues } from './address-point';

/** What the helpers need of a Mantine form (controlled or not) whose address fields sit under `prefix`. */
export interface AddressForm {
  key(path: string): string;
  getValues(): object;
  getInputProps(path: string): GetInputPropsReturnType;
  setFieldValue(path: string, value: unknown): void;
}

const pathOf = (prefix: string, field: string) => (prefix ? `${prefix}.${field}` : field);

function valuesAt(form: AddressForm, prefix: string): Record<string, unknown> {
  let node: unknown = form.getValues();
  for (const part of prefix ? prefix.split('.') : []) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : {};
}

/**
 * Fills the address fields under `prefix` from a picked place and keeps its point. Field by field, so an
 * uncontrolled form shows each new value; a field the form does not have (a county, a second line) is skipped.
 */
export function fillFromPlace(form: AddressForm, prefix: string, place: Place): void {
  const current = valuesAt(form, prefix);
  for (const [field, value] of Object.entries(placeValues(place)))
    if (field in current) form.setFieldValue(pathOf(prefix, field), value);
}

function dropPoint(form: AddressForm, prefix: string): void {
  for (const [field, value] of Object.entries(noPoint())) form.setFieldValue(pathOf(prefix, field), value);
}

/**
 * Input props of an address field (line 1, city, postcode, country): changing it drops a point picked from the
 * suggestions, so the changed address is placed again by the server instead of keeping the old place's point. A
 * point set by hand stays: it is the user's own word for where the address is.
 */
export function addressFieldProps(form: AddressForm, prefix: string, field: string) {
  const props = form.getInputProps(pathOf(prefix, field));
  const onChange = props.onChange as (event: unknown) => void;
  return {
    ...props,
    onChange: (event: unknown) => {
      onChange(event);
      if ((valuesAt(form, prefix) as Partial<PointValues>).placement === 'suggestion')
        dropPoint(form, prefix);
    },
  };
}

/** Input props of a coordinate typed in: the point is then placed by hand, whatever it was before. */
export function coordinateFieldProps(form: AddressForm, prefix: string, field: 'lat' | 'lng') {
  const props = form.getInputProps(pathOf(prefix, field));
  const onChange = props.onChange as (event: unknown) => void;
  return {
    ...props,
    onChange: (event: unknown) => {
      onChange(event);
      form.setFieldValue(pathOf(prefix, 'placement'), 'hand');
      form.setFieldValue(pathOf(prefix, 'placeLabel'), '');
    },
  };
}

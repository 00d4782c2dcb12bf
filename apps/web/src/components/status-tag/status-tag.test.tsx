import { DRIVER_STATUSES, STATUS_TAGS, VEHICLE_STATUSES } from '@courier/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusTag } from './status-tag';
import { STATUS_TAG_COLORS, statusTagColor } from './status-tag-colors';

describe('status tag colours', () => {
  it('maps the spec tags: success green-teal, orange, red, light blue', () => {
    expect(STATUS_TAG_COLORS).toEqual({
      success: 'teal',
      orange: 'orange',
      red: 'red',
      'light-blue': 'cyan',
    });
    for (const tag of STATUS_TAGS) expect(statusTagColor(tag)).toBe(STATUS_TAG_COLORS[tag]);
  });

  it('colours every driver and vehicle status of the spec', () => {
    const colourOf = Object.fromEntries(DRIVER_STATUSES.map((s) => [s.slug, statusTagColor(s.tag)]));
    expect(colourOf).toEqual({
      available: 'teal',
      booked: 'orange',
      maintenance: 'red',
      'on-break': 'cyan',
      'on-leave': 'cyan',
      offline: 'red',
      'on-delivery': 'cyan',
      unavailable: 'red',
    });
    for (const s of VEHICLE_STATUSES) expect(statusTagColor(s.tag)).toBe(colourOf[s.slug]);
  });

  it('shows an unknown or missing tag in grey', () => {
    expect(statusTagColor('purple')).toBe('gray');
    expect(statusTagColor(undefined)).toBe('gray');
    expect(statusTagColor(null)).toBe('gray');
  });

  it('renders the label with its tag and colour as attributes', () => {
    render(
      <MantineProvider>
        <StatusTag tag="orange" label="Booked" />
      </MantineProvider>,
    );
    const badge = screen.getByText('Booked').closest('[data-tag]');
    expect(badge?.getAttribute('data-tag')).toBe('orange');
    expect(badge?.getAttribute('data-color')).toBe('orange');
  });
});

import type { Parcel } from '@courier/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../testing/render-app';
import { parcelLabelsUrl } from '../api/parcel-labels';
import { ParcelList } from './parcel-list';

const AT = '2026-11-29T12:11:00.000Z';
const delivery = '00000000-0000-4000-8000-000000000000';
const parcel: Parcel = {
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Vase',
  volumeCm3: 0,
  weightKg: 1.5,
  quantity: 1,
  isFragile: true,
  trackingCode: 'K7M2QX9PRT4H',
  createdAt: AT,
  updatedAt: AT,
};

describe('the parcel list', () => {
  it('links each parcel to its label, opened in a new tab (decision 067)', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ParcelList parcels={[parcel]} labelHref={(p) => parcelLabelsUrl('demo', delivery, p.uuid)} />
          ),
        },
      ],
      ['/'],
    );
    const link = await screen.findByRole('link', { name: 'Label of Vase' });
    expect(link.getAttribute('href')).toBe(
      `/api/v1/c/demo/admin/delivery/${delivery}/labels.pdf?parcel=${parcel.uuid}`,
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows no label link where none is given (a tracked parcel)', async () => {
    renderRoutes([{ path: '/', element: <ParcelList parcels={[parcel]} /> }], ['/']);
    await screen.findByText('1 × Vase');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("tells each scan of the parcel's label at a stop: collected or handed over, when, by whom", async () => {
    const scan = (kind: 'pickup' | 'dropoff', stepOrderNo: number, name: string | null) => ({
      uuid: `00000000-0000-4000-8000-00000000001${stepOrderNo}`,
      parcelUuid: parcel.uuid,
      deliveryStepUuid: `00000000-0000-4000-8000-00000000002${stepOrderNo}`,
      stepOrderNo,
      kind,
      scannedAt: AT,
      scannedByName: name,
    });
    const scanned = { ...parcel, scans: [scan('pickup', 1, 'Mia'), scan('dropoff', 2, null)] };
    renderRoutes([{ path: '/', element: <ParcelList parcels={[scanned]} /> }], ['/']);
    const lines = await screen.findAllByTestId('parcel-scan');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Collected .*12:11.* by Mia \(stop 1\)$/),
      expect.stringMatching(/^Handed over .*12:11.* \(stop 2\)$/),
    ]);
  });
});

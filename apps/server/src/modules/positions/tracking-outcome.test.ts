import { describe, expect, it } from 'vitest';
import { lastFailureAt, pictureOf, presentDelivered, presentFailure } from './tracking-outcome.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
const proof = (id: string, proofTypeSlug: string, proofName: string, mimeType = 'image/png') => ({
  id,
  proofTypeSlug,
  proofName,
  createdAt: at(30),
  file: { mimeType },
});

describe('how a delivery ended, for its recipient', () => {
  it('shows photos and signatures as pictures, with what the driver wrote on them', () => {
    expect(pictureOf(proof('a', 'photo', 'Left in the porch'))).toMatchObject({
      kind: 'photo',
      note: 'Left in the porch',
    });
    // The names a proof gets when nothing was written are not a note.
    expect(pictureOf(proof('b', 'signature', 'Signature'))?.note).toBeNull();
    expect(pictureOf(proof('c', 'photo', '  '))?.note).toBeNull();
    expect(pictureOf(proof('d', 'photo', 'Scan', 'application/pdf'))).toBeNull();
    expect(pictureOf(proof('e', 'document', 'Invoice'))).toBeNull();
    expect(pictureOf(proof('f', 'pin', 'Handover code', 'application/pdf'))).toBeNull();
  });

  it('tells the time of the last delivered move, a handover code, and only once delivered', () => {
    const timeline = [
      { status: 'at-dropoff', at: at(1), message: null },
      { status: 'delivered', at: at(2), message: null },
      { status: 'completed', at: at(9), message: null },
    ];
    const proofs = [proof('p', 'pin', 'Handover code', 'application/pdf'), proof('q', 'photo', 'Photo')];
    const base = { statusChangedAt: at(9), timeline, proofs, safePlace: '' };
    expect(presentDelivered({ ...base, status: 'completed' })).toEqual({
      at: at(2).toISOString(),
      proofs: [{ uuid: 'q', kind: 'photo', note: null, at: at(30).toISOString() }],
      handedOverWithCode: true,
      safePlace: null,
    });
    expect(presentDelivered({ ...base, status: 'at-dropoff' })).toBeNull();
    // Completed without a delivered move (an office's shortcut): the status's own time.
    expect(presentDelivered({ ...base, timeline: [], status: 'completed' })?.at).toBe(at(9).toISOString());
  });

  it('gives the reason of the last failed attempt and what happens next', () => {
    const timeline = [
      { status: 'failed', at: at(1), message: 'Weather' },
      { status: 'assigned', at: at(2), message: 'Office: try tomorrow' },
      { status: 'failed', at: at(3), message: ' Recipient unavailable: rang twice ' },
    ];
    expect(lastFailureAt(timeline)).toEqual(at(3));
    expect(presentFailure('failed', timeline)).toEqual({
      at: at(3).toISOString(),
      reason: 'Recipient unavailable: rang twice',
      next: 'in-touch',
    });
    expect(presentFailure('returned', timeline)?.next).toBe('returning');
    expect(presentFailure('returned', [{ status: 'failed', at: at(1), message: '' }])?.reason).toBeNull();
    expect(presentFailure('assigned', timeline)).toBeNull();
    expect(lastFailureAt([])).toBeNull();
  });
});

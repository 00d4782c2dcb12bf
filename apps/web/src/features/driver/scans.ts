import type { DriverDelivery, DriverStop, Parcel } from '@courier/contract';
import type { QueuedWrite } from './offline/queued-write';
import { orderedStops, stopKind } from './stops';

/** What reading one label at a stop means, told on the phone at once (the server checks it again when it gets it). */
export type ScanCheck =
  | { kind: 'ok'; parcel: Parcel; verb: 'collected' | 'handed over' }
  | { kind: 'twice'; parcel: Parcel; at: string | null }
  | { kind: 'wrong-stop'; parcel: Parcel; where: string }
  | { kind: 'other-delivery'; deliveryName: string }
  | { kind: 'unknown'; code: string };

/** Codes are printed in capitals; a typed one may have spaces or small letters. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

const verbOf = (stop: DriverStop) => (stopKind(stop) === 'dropoff' ? 'handed over' : 'collected');

/** The scans waiting on the phone (not yet sent) of a delivery: parcel uuid and stop uuid of each. */
export function queuedScans(entries: readonly QueuedWrite[], deliveryUuid: string) {
  const found: { code: string; deliveryStepUuid: string; scannedAt: string | null }[] = [];
  for (const { write, state } of entries)
    if (write.kind === 'scan' && write.deliveryUuid === deliveryUuid && state === 'waiting')
      found.push({
        code: normaliseCode(write.body.code),
        deliveryStepUuid: write.body.deliveryStepUuid,
        scannedAt: write.body.scannedAt ?? null,
      });
  return found;
}

/** When this parcel was scanned at this stop: on the server, or on the phone still waiting to send; else null. */
export function scannedAt(
  parcel: Parcel,
  stop: DriverStop,
  waiting: ReturnType<typeof queuedScans>,
): { at: string | null } | null {
  const kept = parcel.scans?.find((s) => s.deliveryStepUuid === stop.deliveryStepUuid);
  if (kept) return { at: kept.scannedAt };
  const queued = waiting.find(
    (w) =>
      w.deliveryStepUuid === stop.deliveryStepUuid && w.code === normaliseCode(parcel.trackingCode ?? ''),
  );
  return queued ? { at: queued.scannedAt } : null;
}

/**
 * Checks a code read at a stop against what the phone knows: this delivery's stops and parcels, the scans already
 * made (on the server or waiting to send), and the driver's other deliveries. The same answers as the server's
 * (parcel-scans.service.ts), so a driver offline is told the same thing.
 */
export function checkScan(
  delivery: DriverDelivery,
  stop: DriverStop,
  rawCode: string,
  opts: { waiting: ReturnType<typeof queuedScans>; others: readonly DriverDelivery[] },
): ScanCheck {
  const code = normaliseCode(rawCode);
  const sameCode = (p: Parcel) => normaliseCode(p.trackingCode ?? '') === code;
  const here = stop.parcels.find(sameCode);
  if (here) {
    const done = scannedAt(here, stop, opts.waiting);
    if (done) return { kind: 'twice', parcel: here, at: done.at };
    return { kind: 'ok', parcel: here, verb: verbOf(stop) };
  }
  const elsewhere = orderedStops(delivery).filter((s) => s.parcels.some(sameCode));
  const parcel = elsewhere[0]?.parcels.find(sameCode);
  if (parcel) {
    const where = elsewhere
      .filter((s) => stopKind(s) !== 'other')
      .map((s) => {
        const address = s.address?.line1 ? ` (${s.address.line1})` : '';
        return `${verbOf(s)} at stop ${s.stepOrderNo}${address}`;
      });
    return { kind: 'wrong-stop', parcel, where: where.join(' and ') };
  }
  const other = opts.others.find(
    (d) => d.uuid !== delivery.uuid && d.stops.some((s) => s.parcels.some(sameCode)),
  );
  if (other) return { kind: 'other-delivery', deliveryName: other.name };
  return { kind: 'unknown', code };
}

/** The check in words, as the scanner shows it. */
export function scanMessage(check: ScanCheck, clock: (iso: string) => string): string {
  switch (check.kind) {
    case 'ok':
      return `${check.parcel.name}: ${check.verb}.`;
    case 'twice':
      return `“${check.parcel.name}” was scanned here already${check.at ? ` at ${clock(check.at)}` : ''}: it is counted once.`;
    case 'wrong-stop':
      return `“${check.parcel.name}” is not for this stop${check.where ? `: it is ${check.where}` : ''}.`;
    case 'other-delivery':
      return `This parcel is not on this delivery: it is on your delivery “${check.deliveryName}”. Keep it for that run.`;
    case 'unknown':
      return `No parcel of this delivery has the code ${check.code}. Check the label, or type the code under its barcode.`;
  }
}

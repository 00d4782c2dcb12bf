import { can, LABEL_PAGES_MAX, type Actor, type DeliveryAction, type LabelSize } from '@courier/contract';
import { deliveryAccess, type DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound, unprocessable } from '../../lib/app-error.js';
import { renderLabelsPdf, type ParcelLabel } from './labels.pdf.js';
import { presentLabels } from './labels.presenter.js';
import { listLabelParcelRows, listLabelStopRows } from './labels.queries.js';

export interface LabelsFile {
  pdf: Buffer;
  filename: string;
}

interface LabelOptions {
  companyId: string;
  size: LabelSize;
  /** The app's public address, for the tracking page's QR code. */
  appUrl: string;
}

/** The recipient's page (decision 022): the web app's `/track/{token}`. */
const trackingPage = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}/track/${encodeURIComponent(token)}`;

/** The deliveries' labels, in their order. */
async function labelsOf(db: DbOrTx, accesses: readonly DeliveryAccess[], opts: LabelOptions) {
  const scope = { companyId: opts.companyId, accesses };
  const [parcels, stops] = await Promise.all([listLabelParcelRows(db, scope), listLabelStopRows(db, scope)]);
  // The tracking link is a credential: printed only for whom the policy lets share it.
  const shares = new Set(
    accesses.filter((a) => can(a.actor, 'share-tracking', a.subject)).map((a) => a.deliveryId),
  );
  return presentLabels(
    accesses.map((a) => a.deliveryId),
    parcels,
    stops,
    (p) => (shares.has(p.deliveryId) ? trackingPage(opts.appUrl, p.trackingToken) : null),
  );
}

/** The PDF of the labels; 422 on `field` past LABEL_PAGES_MAX. */
function render(labels: ParcelLabel[], opts: LabelOptions, field: 'deliveryUuid' | 'delivery') {
  if (labels.length > LABEL_PAGES_MAX)
    throw unprocessable({
      [field]: [`These are ${labels.length} labels: print at most ${LABEL_PAGES_MAX} at once.`],
    });
  return renderLabelsPdf(labels, opts);
}

/** One delivery's labels, or one parcel's (404 when it is not on the delivery); 422 when it has no parcels. */
export async function deliveryLabels(
  db: DbOrTx,
  access: DeliveryAccess,
  opts: LabelOptions & { parcelUuid?: string | undefined },
): Promise<LabelsFile> {
  const all = await labelsOf(db, [access], opts);
  if (all.length === 0) throw unprocessable({ deliveryUuid: ['This delivery has no parcels to label.'] });
  if (opts.parcelUuid === undefined)
    return {
      pdf: await render(all, opts, 'deliveryUuid'),
      filename: `labels-${all[0]!.externalId ?? access.deliveryId.slice(0, 8)}.pdf`,
    };
  const one = all.find((l) => l.parcelUuid === opts.parcelUuid);
  if (!one) throw notFound('Parcel');
  return { pdf: await render([one], opts, 'deliveryUuid'), filename: `label-${one.trackingCode}.pdf` };
}

/**
 * The labels of several deliveries, each once, in the order asked. The policy is asked `action` of each (one the actor
 * may not see is 404, as alone); those without parcels are left out, and 422 answers when none has any.
 */
export async function deliveriesLabels(
  db: DbOrTx,
  actor: Actor,
  deliveryIds: readonly string[],
  opts: LabelOptions & { action: DeliveryAction },
): Promise<LabelsFile> {
  const accesses: DeliveryAccess[] = [];
  for (const id of new Set(deliveryIds)) accesses.push(await deliveryAccess(db, actor, opts.action, id));
  const labels = await labelsOf(db, accesses, opts);
  if (labels.length === 0)
    throw unprocessable({ delivery: ['None of these deliveries has parcels to label.'] });
  return {
    pdf: await render(labels, opts, 'delivery'),
    filename: `labels-${accesses.length}-deliveries.pdf`,
  };
}

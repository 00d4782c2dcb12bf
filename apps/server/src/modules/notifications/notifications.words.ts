import { HANDOVER_PIN, PROOF_TYPE_SLUGS, type ProofTypeSlug } from '@courier/contract';

/** A notification's words: its title (the bell's first line, the e-mail's subject) and its message. */
export interface NotificationWords {
  title: string;
  message: string;
}

const PROOF_NAMES: Record<ProofTypeSlug, string> = {
  signature: 'A signature',
  photo: 'A photo',
  document: 'A document',
};

const isUploadedProof = (slug: string): slug is ProofTypeSlug =>
  (PROOF_TYPE_SLUGS as readonly string[]).includes(slug);

/**
 * What a delivery's creator is told of a proof. A confirmed handover code is the recipient's word that the parcels
 * reached them, so it says the delivery was handed over, not which kind of file was kept.
 */
export function proofWords(deliveryName: string, proofTypeSlug: string): NotificationWords {
  if (proofTypeSlug === HANDOVER_PIN.proofTypeSlug)
    return {
      title: `${deliveryName}: handed over`,
      message: `${deliveryName} was handed over with the recipient's code.`,
    };
  return {
    title: `${deliveryName}: proof added`,
    message: isUploadedProof(proofTypeSlug)
      ? `${PROOF_NAMES[proofTypeSlug]} was added to ${deliveryName} as proof of delivery.`
      : `A proof of delivery was added to ${deliveryName}.`,
  };
}

/**
 * What a shipper's admins are told of a bid on its delivery or its withdrawal: which delivery, which company, what
 * price (as formatted with its currency when the bid was made), so two offers open at once are told apart.
 */
export function bidWords(
  change: 'bid' | 'bid-withdrawn',
  bid: { deliveryName: string; bidderName: string; priceString: string },
): NotificationWords {
  return change === 'bid'
    ? {
        title: `New bid on ${bid.deliveryName}`,
        message: `${bid.bidderName} bid ${bid.priceString} to carry ${bid.deliveryName}.`,
      }
    : {
        title: `Bid withdrawn on ${bid.deliveryName}`,
        message: `${bid.bidderName} withdrew its bid of ${bid.priceString} on ${bid.deliveryName}.`,
      };
}

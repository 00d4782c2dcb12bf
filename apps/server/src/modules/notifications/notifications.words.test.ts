import { describe, expect, it } from 'vitest';
import { bidWords, proofWords } from './notifications.words.js';

describe('what a notification says', () => {
  it("says a delivery was handed over with the recipient's code, and names the other proofs' kind", () => {
    expect(proofWords('Roses to Bow', 'pin')).toEqual({
      title: 'Roses to Bow: handed over',
      message: "Roses to Bow was handed over with the recipient's code.",
    });
    expect(proofWords('Roses to Bow', 'signature').message).toBe(
      'A signature was added to Roses to Bow as proof of delivery.',
    );
    expect(proofWords('Roses to Bow', 'photo').message).toBe(
      'A photo was added to Roses to Bow as proof of delivery.',
    );
    // A kind this build does not know yet is still told plainly, never by its slug.
    expect(proofWords('Roses to Bow', 'hologram').message).toBe(
      'A proof of delivery was added to Roses to Bow.',
    );
  });

  it('names the delivery, the bidder and the price of a bid and of its withdrawal', () => {
    const bid = { deliveryName: 'Wedding flowers', bidderName: 'Swift Couriers', priceString: '£45.00' };
    expect(bidWords('bid', bid)).toEqual({
      title: 'New bid on Wedding flowers',
      message: 'Swift Couriers bid £45.00 to carry Wedding flowers.',
    });
    expect(bidWords('bid-withdrawn', bid)).toEqual({
      title: 'Bid withdrawn on Wedding flowers',
      message: 'Swift Couriers withdrew its bid of £45.00 on Wedding flowers.',
    });
  });
});

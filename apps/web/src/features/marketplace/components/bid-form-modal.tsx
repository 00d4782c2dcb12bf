import { AUCTION, PlaceBidBodySchema, type Auction } from '@courier/contract';
import { Alert, NumberInput, Select, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { DateTimeInput } from '../../../components/date-time-input/date-time-input';
import { EditDialog } from '../../../components/dialogs/edit-dialog';
import { isoToLocalInput, localToIsoOrNull } from '../../../lib/delivery-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { formatMinor, majorToMinor, minorToMajor } from '../../../lib/money';
import { validateWith } from '../../../lib/zod-form';
import { usePutMyBid } from '../api/put-my-bid';
import { sizesAtLeast } from '../auction-format';

/** The form's fields carry the body's names, so a 422's field errors land on them; the price is in major units. */
interface BidValues {
  priceMinor: number | string;
  vehicleSizeSlug: string;
  pickupEta: string;
  note: string;
}

function initialValues(auction: Auction): BidValues {
  const currency = auction.currencyCode;
  const priceMinor = auction.myBid?.price.priceMinor ?? auction.suggested?.price.priceMinor;
  const windowFrom = auction.pickupWindow?.from;
  const eta =
    auction.myBid?.pickupEta ??
    (windowFrom && Date.parse(windowFrom) > Date.now()
      ? windowFrom
      : new Date(Date.now() + 3_600_000).toISOString());
  return {
    priceMinor: priceMinor === undefined ? '' : minorToMajor(priceMinor, currency),
    vehicleSizeSlug: auction.myBid?.vehicleSizeSlug ?? auction.vehicleSizeSlug,
    pickupEta: isoToLocalInput(eta),
    note: auction.myBid?.note ?? '',
  };
}

/** Place or revise my bid: prefilled with my bid, else the suggested price; 422s on the fields, a 409 said plainly. */
export function BidFormModal({
  slug,
  auction,
  onClose,
}: {
  slug: string;
  auction: Auction;
  onClose: () => void;
}) {
  const save = usePutMyBid(slug, auction.uuid);
  const sizes = useLookup('vehicleSizes');
  const [conflict, setConflict] = useState<string | null>(null);
  const currency = auction.currencyCode;
  const toBody = (v: BidValues) => ({
    priceMinor: majorToMinor(v.priceMinor, currency) ?? Number.NaN,
    currencyCode: currency,
    vehicleSizeSlug: v.vehicleSizeSlug,
    pickupEta: localToIsoOrNull(v.pickupEta) ?? '',
    note: v.note,
  });
  // Taken once when the form opens: a live refresh of the auction does not reset what is being typed.
  const [initial] = useState(() => initialValues(auction));
  const form = useForm<BidValues>({
    initialValues: initial,
    validate: (values) => {
      const errors = validateWith(PlaceBidBodySchema, toBody)(values);
      const minor = majorToMinor(values.priceMinor, currency);
      if (!errors.priceMinor && auction.reserve && minor !== null && minor > auction.reserve.priceMinor)
        errors.priceMinor = `The shipper pays at most ${auction.reserve.priceString}.`;
      if (!errors.pickupEta && !localToIsoOrNull(values.pickupEta))
        errors.pickupEta = 'Give the pickup time.';
      return errors;
    },
  });
  const submit = form.onSubmit((values) => {
    setConflict(null);
    save.mutate(PlaceBidBodySchema.parse(toBody(values)), {
      onSuccess: onClose,
      onError: (error) => {
        if (isApiError(error, 409)) setConflict(error.message || 'Bidding on this auction has closed.');
        else if (!applyServerErrors(form, error) && isApiError(error)) setConflict(error.message);
      },
    });
  }, revealFormErrors);
  const options = sizesAtLeast(sizes.entries, auction.vehicleSizeSlug).map((e) => ({
    value: e.slug,
    label: e.name,
  }));
  const suggested = auction.suggested;
  return (
    <EditDialog
      opened
      title={auction.myBid?.status === 'active' ? 'Revise your bid' : 'Place a bid'}
      submitLabel={auction.myBid?.status === 'active' ? 'Save bid' : 'Place bid'}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      {conflict ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Bidding has closed"
          role="alert"
        >
          {conflict}
        </Alert>
      ) : null}
      <NumberInput
        label={`Your price (${currency})`}
        description={
          suggested
            ? `Suggested ${suggested.price.priceString} from your ${suggested.band} rates.` +
              (auction.reserve ? ` Reserve ${auction.reserve.priceString}.` : '')
            : auction.reserve
              ? `The shipper pays at most ${auction.reserve.priceString}.`
              : 'Set your depot and rates on the company profile to get a suggested price.'
        }
        required
        min={0}
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        data-autofocus
        {...form.getInputProps('priceMinor')}
      />
      <Select
        label="Vehicle size you will send"
        description="The size asked or a larger one."
        required
        data={options}
        allowDeselect={false}
        {...form.getInputProps('vehicleSizeSlug')}
      />
      <DateTimeInput label="Pickup time" required {...form.getInputProps('pickupEta')} />
      <Textarea
        label="Note to the shipper"
        autosize
        minRows={2}
        maxLength={AUCTION.noteMax}
        {...form.getInputProps('note')}
      />
      {form.errors.currencyCode ? (
        <Text size="sm" c="red">
          {form.errors.currencyCode}
        </Text>
      ) : null}
      {auction.myBid?.status === 'active' ? (
        <Text size="xs" c="dimmed">
          Your current bid: {formatMinor(auction.myBid.price.priceMinor, currency)}. Bids are sealed: other
          couriers do not see it.
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Bids are sealed: other couriers do not see yours.
        </Text>
      )}
    </EditDialog>
  );
}

import { AUCTION, PublishAuctionBodySchema, type AuctionUrgency, type Delivery } from '@courier/contract';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateTimeInput } from '../../../components/date-time-input/date-time-input';
import { EditDialog } from '../../../components/dialogs/edit-dialog';
import { isoToLocalInput, localToIsoOrNull } from '../../../lib/delivery-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { majorToMinor } from '../../../lib/money';
import { validateWith } from '../../../lib/zod-form';
import { useOpenAuctionOf, usePublishAuction } from '../api/publish-auction';

/** The form's fields carry the body's names so a 422 lands on them; the reserve is typed in major units. */
interface PublishValues {
  closesAt: string;
  reserveMinor: number | string;
  vehicleSizeSlug: string;
  urgency: AuctionUrgency;
  notes: string;
}

function PublishDialog({
  slug,
  delivery,
  onClose,
}: {
  slug: string;
  delivery: Delivery;
  onClose: () => void;
}) {
  const publish = usePublishAuction(slug, delivery.uuid);
  const sizes = useLookup('vehicleSizes');
  const [conflict, setConflict] = useState<string | null>(null);
  const currency = delivery.currencyCode;
  const toBody = (v: PublishValues) => ({
    closesAt: localToIsoOrNull(v.closesAt) ?? '',
    reserveMinor: v.reserveMinor === '' ? null : (majorToMinor(v.reserveMinor, currency) ?? Number.NaN),
    vehicleSizeSlug: v.vehicleSizeSlug,
    urgency: v.urgency,
    notes: v.notes,
  });
  // A day from when the dialog opens, taken once.
  const [initialValues] = useState<PublishValues>(() => ({
    closesAt: isoToLocalInput(new Date(Date.now() + 24 * 3_600_000)),
    reserveMinor: '',
    vehicleSizeSlug: '',
    urgency: 'flexible',
    notes: '',
  }));
  const form = useForm<PublishValues>({
    initialValues,
    validate: (values) => {
      const errors = validateWith(PublishAuctionBodySchema, toBody)(values);
      const closes = localToIsoOrNull(values.closesAt);
      if (!closes) errors.closesAt = 'Give the time bidding closes.';
      else {
        const t = Date.parse(closes);
        if (t < Date.now() + AUCTION.minOpenMinutes * 60_000)
          errors.closesAt = `Close it at least ${AUCTION.minOpenMinutes} minutes from now.`;
        else if (t > Date.now() + AUCTION.maxOpenDays * 86_400_000)
          errors.closesAt = `Close it within ${AUCTION.maxOpenDays} days.`;
      }
      return errors;
    },
  });
  const submit = form.onSubmit((values) => {
    setConflict(null);
    publish.mutate(PublishAuctionBodySchema.parse(toBody(values)), {
      onSuccess: onClose,
      onError: (error) => {
        if (isApiError(error, 409)) setConflict(error.message);
        else if (!applyServerErrors(form, error) && isApiError(error)) setConflict(error.message);
      },
    });
  }, revealFormErrors);
  return (
    <EditDialog
      opened
      title="Offer for bids"
      submitLabel="Offer for bids"
      pending={publish.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size="sm" c="dimmed">
        Courier companies bid a sealed price; you choose one and it carries the delivery. They see the route
        by area only, never the addresses or the recipient.
      </Text>
      {conflict ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Cannot offer this delivery"
          role="alert"
        >
          {conflict}
        </Alert>
      ) : null}
      <DateTimeInput label="Bidding closes" required data-autofocus {...form.getInputProps('closesAt')} />
      <NumberInput
        label={`Reserve (${currency}, optional)`}
        description="The most you will pay: higher bids are refused, and couriers see it."
        min={0}
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        {...form.getInputProps('reserveMinor')}
      />
      <Select
        label="Vehicle size needed"
        description="Couriers bid with this size or a larger one."
        required
        data={sizes.options}
        placeholder="Choose a size"
        {...form.getInputProps('vehicleSizeSlug')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="urgency-label">
          Urgency
        </Text>
        <SegmentedControl
          aria-labelledby="urgency-label"
          data={[
            { value: 'flexible', label: 'Flexible' },
            { value: 'hotshot', label: 'Hotshot (urgent)' },
          ]}
          {...form.getInputProps('urgency')}
        />
      </Stack>
      <Textarea
        label="Notes for couriers"
        autosize
        minRows={2}
        maxLength={AUCTION.noteMax}
        {...form.getInputProps('notes')}
      />
    </EditDialog>
  );
}

/**
 * "Offer for bids" on a delivery its owner runs with no carrier, created or scheduled; once offered, a link to the
 * auction's bids instead.
 */
export function PublishAuction({
  slug,
  delivery,
  canOffer,
}: {
  slug: string;
  delivery: Delivery;
  canOffer: boolean;
}) {
  const [open, setOpen] = useState(false);
  const auction = useOpenAuctionOf(slug, delivery.uuid, canOffer);
  if (!canOffer) return null;
  if (auction.data) {
    return (
      <Group gap="xs">
        <Text size="sm">Offered for bids ({auction.data.bidCount ?? 0} so far).</Text>
        <Button size="xs" variant="light" component={Link} to={`/BidDetail?uuid=${auction.data.uuid}`}>
          See the bids
        </Button>
      </Group>
    );
  }
  return (
    <>
      <Group>
        <Button
          variant="light"
          leftSection={<IconGavel size={16} />}
          onClick={() => setOpen(true)}
          loading={auction.isPending}
        >
          Offer for bids
        </Button>
      </Group>
      {open ? <PublishDialog slug={slug} delivery={delivery} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

import { AUCTION, CarrierRatingBodySchema, type CarrierRating } from '@courier/contract';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { GivenStars, StarsInput } from '../../../components/rating/stars';
import { formatDateTime } from '../../../lib/delivery-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useRateCarrier } from '../api/carrier-rating';

function GivenRating({ rating }: { rating: CarrierRating }) {
  return (
    <GivenStars
      stars={rating.stars}
      comment={rating.comment}
      caption={`Rated ${formatDateTime(rating.createdAt)}`}
      testId="carrier-rating"
    />
  );
}

interface RateValues {
  stars: number;
  comment: string;
}

function RateForm({
  slug,
  deliveryUuid,
  carrierName,
}: {
  slug: string;
  deliveryUuid: string;
  carrierName: string;
}) {
  const rate = useRateCarrier(slug, deliveryUuid);
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<RateValues>({
    initialValues: { stars: 0, comment: '' },
    validate: validateWith(CarrierRatingBodySchema, (v: RateValues) => v),
  });
  const submit = form.onSubmit((values) => {
    setConflict(null);
    rate.mutate(CarrierRatingBodySchema.parse(values), {
      onError: (error) => {
        if (isApiError(error, 409)) setConflict(error.message);
        else applyServerErrors(form, error);
      },
    });
  }, revealFormErrors);
  const stars = form.getInputProps('stars');
  return (
    <form onSubmit={submit} noValidate aria-label={`Rate ${carrierName}`}>
      <Stack gap="sm">
        <Text size="sm">How did {carrierName} do? Your rating shows beside their bids to every shipper.</Text>
        {conflict ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {conflict}
          </Alert>
        ) : null}
        <StarsInput
          id="carrier-stars"
          label="Stars"
          value={form.values.stars}
          onChange={(value) => form.setFieldValue('stars', value)}
          error={stars.error as string | undefined}
        />
        <Textarea
          label="Comment (optional)"
          autosize
          minRows={2}
          maxLength={AUCTION.noteMax}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconStar size={16} />} loading={rate.isPending}>
            Rate the carrier
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Who carries a delivery another company runs for its owner, and the owner's rating of it once completed: the
 * owner's admin rates (once), the carrier's admins read it.
 */
export function CarrierPanel({
  slug,
  deliveryUuid,
  carrier,
  rating,
  canRate,
  completed,
}: {
  slug: string;
  deliveryUuid: string;
  carrier: { name: string };
  rating: CarrierRating | null;
  /** The policy's `rate-carrier` for this viewer (the owner's admin). */
  canRate: boolean;
  completed: boolean;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        {canRate ? 'Carried by ' : 'Carried by your company, '}
        <Text span fw={700}>
          {carrier.name}
        </Text>
        {canRate ? '.' : ', for its owner.'}
      </Text>
      {rating ? (
        <GivenRating rating={rating} />
      ) : canRate && completed ? (
        <RateForm slug={slug} deliveryUuid={deliveryUuid} carrierName={carrier.name} />
      ) : (
        <Text size="sm" c="dimmed">
          {canRate
            ? 'Once it is completed you can rate the carrier here.'
            : completed
              ? 'The owner has not rated this delivery yet.'
              : 'The owner can rate the delivery once it is completed.'}
        </Text>
      )}
    </Stack>
  );
}

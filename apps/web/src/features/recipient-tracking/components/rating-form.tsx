import { RECIPIENT_INPUT, RecipientRatingBodySchema, type RecipientRating } from '@courier/contract';
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { GivenStars, StarsInput } from '../../../components/rating/stars';
import { formatDateTime } from '../../../lib/date-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useRateDelivery } from '../api/rate-delivery';

function GivenRating({ rating }: { rating: RecipientRating }) {
  return (
    <GivenStars
      stars={rating.stars}
      comment={rating.comment}
      caption={`Rated ${formatDateTime(rating.createdAt)}`}
      testId="tracking-rating"
      heading={<Text fw={600}>Thank you for your rating.</Text>}
    />
  );
}

interface Values {
  stars: number;
  comment: string;
}

function RateForm({ token }: { token: string }) {
  const rate = useRateDelivery(token);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { stars: 0, comment: '' },
    validate: validateWith(RecipientRatingBodySchema, (v: Values) => v),
  });
  const submit = form.onSubmit((values) => {
    setProblem(null);
    rate.mutate(RecipientRatingBodySchema.parse(values), {
      onError: (error) => {
        if (isApiError(error, 422) && applyServerErrors(form, error)) return;
        setProblem(
          isApiError(error, 409)
            ? error.message
            : 'Your rating could not be sent. Check your connection and try again.',
        );
      },
    });
  }, revealFormErrors);
  const stars = form.getInputProps('stars');
  return (
    <form onSubmit={submit} noValidate aria-labelledby="rating-title">
      <Stack gap="sm">
        <StarsInput
          id="tracking-stars"
          label="Your rating"
          value={form.values.stars}
          onChange={(value) => form.setFieldValue('stars', value)}
          error={stars.error as string | undefined}
        />
        <Textarea
          label="Comment (optional)"
          autosize
          minRows={2}
          maxLength={RECIPIENT_INPUT.ratingCommentMax}
          {...form.getInputProps('comment')}
        />
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconStar size={16} />} loading={rate.isPending}>
            Send my rating
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** After delivery: how did it go? 1 to 5 stars and an optional comment, once; then the rating given. */
export function RatingCard({ token, rating }: { token: string; rating: RecipientRating | null }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="rating-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="rating-title">
          How was your delivery?
        </Title>
        {rating ? <GivenRating rating={rating} /> : <RateForm token={token} />}
      </Stack>
    </Card>
  );
}

import { RECIPIENT_INPUT, RecipientRatingBodySchema, type RecipientRating } from '@courier/contract';
import { Alert, Button, Card, Group, Input, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useRateDelivery } from '../api/rate-delivery';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

function GivenRating({ rating }: { rating: RecipientRating }) {
  return (
    <Stack gap={4} data-testid="tracking-rating">
      <Text fw={600}>Thank you for your rating.</Text>
      <Group gap="xs">
        <Rating value={rating.stars} readOnly aria-label={`${rating.stars} of 5 stars`} />
        <Text size="sm">{STAR_WORDS[rating.stars]}</Text>
      </Group>
      {rating.comment ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          “{rating.comment}”
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Rated {formatDateTime(rating.createdAt)}
      </Text>
    </Stack>
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
        <Input.Wrapper
          label="Your rating"
          required
          error={stars.error as string | undefined}
          id="tracking-stars"
          data-path="stars"
        >
          <Group gap="xs">
            <Rating
              value={form.values.stars}
              onChange={(value) => form.setFieldValue('stars', value)}
              size="lg"
              getSymbolLabel={(value) => `${value} star${value === 1 ? '' : 's'}`}
              aria-labelledby="tracking-stars-label"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {STAR_WORDS[form.values.stars] ?? ''}
            </Text>
          </Group>
        </Input.Wrapper>
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

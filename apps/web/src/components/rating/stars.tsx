import { Group, Input, Rating, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The word beside a number of stars, 1 to 5. */
export const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * One to five stars to choose, with the word they mean, in a labelled field (the carrier's rating by a shipper, the
 * recipient's of a delivery). The stars are radio inputs: arrows or Space choose one from the keyboard.
 */
export function StarsInput({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (stars: number) => void;
  error?: ReactNode;
}) {
  return (
    <Input.Wrapper label={label} required error={error} id={id} data-path="stars">
      <Group gap="xs">
        <Rating
          value={value}
          onChange={onChange}
          size="lg"
          getSymbolLabel={(n) => `${n} star${n === 1 ? '' : 's'}`}
          aria-labelledby={`${id}-label`}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {STAR_WORDS[value] ?? ''}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}

/** A rating given: its stars and word, the comment quoted, and a line saying when (and by whom). */
export function GivenStars({
  stars,
  comment,
  caption,
  testId,
  heading,
}: {
  stars: number;
  comment: string;
  caption: string;
  testId: string;
  heading?: ReactNode;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      {heading}
      <Group gap="xs">
        <Rating value={stars} readOnly aria-label={`${stars} of 5 stars`} />
        <Text size="sm" fw={600}>
          {STAR_WORDS[stars]}
        </Text>
      </Group>
      {comment ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          “{comment}”
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

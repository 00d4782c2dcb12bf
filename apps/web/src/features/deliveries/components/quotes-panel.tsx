import type { Quote } from '@courier/contract';
import { Badge, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAnswerQuote, useCreateQuote } from '../api/quotes';
import { DateTimeInput } from '../../../components/date-time-input/date-time-input';
import { formatDateTime, localToIsoOrNull } from '../../../lib/delivery-format';

/** The delivery's quotes with accept and reject, and a small form to quote a price. */
export function QuotesPanel({
  slug,
  deliveryUuid,
  currencyCode,
  quotes,
  canQuote = true,
  canDecide = true,
}: {
  slug: string;
  deliveryUuid: string;
  currencyCode: string;
  quotes: Quote[];
  /** From the delivery's allowed actions: only the owner quotes and decides. */
  canQuote?: boolean;
  canDecide?: boolean;
}) {
  const create = useCreateQuote(slug, deliveryUuid);
  const answer = useAnswerQuote(slug, deliveryUuid);
  const [price, setPrice] = useState<number | string>('');
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<{ price?: string; validUntil?: string }>({});
  const [now] = useState(() => Date.now());

  const submit = () => {
    const next: typeof errors = {};
    const major = typeof price === 'number' ? price : Number.NaN;
    if (!Number.isFinite(major) || major < 0) next.price = 'Give a price';
    const until = localToIsoOrNull(validUntil);
    if (!until) next.validUntil = 'Give the date it is valid until';
    else if (new Date(until).getTime() <= Date.now()) next.validUntil = 'Choose a time in the future';
    setErrors(next);
    if (next.price || next.validUntil || !until) return;
    create.mutate(
      { priceMinor: Math.round(major * 100), currencyCode, validUntil: until },
      {
        onSuccess: () => {
          setPrice('');
          setValidUntil('');
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {quotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No quote yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {quotes.map((quote) => {
                const expired = new Date(quote.validUntil).getTime() < now;
                return (
                  <Table.Tr key={quote.uuid}>
                    <Table.Td fw={700}>{quote.price.priceString}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        until {formatDateTime(quote.validUntil)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {quote.isAccepted ? (
                        <Badge color="teal" variant="light" tt="none">
                          Accepted
                        </Badge>
                      ) : expired ? (
                        <Badge color="gray" variant="light" tt="none">
                          Expired
                        </Badge>
                      ) : !canDecide ? (
                        <Badge color="blue" variant="light" tt="none">
                          Open
                        </Badge>
                      ) : (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            color="teal"
                            loading={answer.isPending}
                            onClick={() => answer.mutate({ quoteUuid: quote.uuid, accept: true })}
                          >
                            Accept
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="red"
                            loading={answer.isPending}
                            onClick={() => answer.mutate({ quoteUuid: quote.uuid, accept: false })}
                          >
                            Reject
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canQuote ? (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NumberInput
            label={`Price (${currencyCode})`}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            value={price}
            onChange={setPrice}
            error={errors.price}
            w={140}
          />
          <DateTimeInput
            label="Valid until"
            value={validUntil}
            onChange={setValidUntil}
            error={errors.validUntil}
            w={210}
          />
          <Button variant="light" loading={create.isPending} onClick={submit}>
            Add quote
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

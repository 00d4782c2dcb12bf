import { BidRatesSchema, type BidRates } from '@courier/contract';
import {
  Button,
  Card,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useBidRates, usePutBidRates } from '../api/bid-rates';
import { DepotFields, type DepotValues } from './depot-fields';

type Num = number | string;
interface RateValues {
  costPerDistance: Num;
  costPerHour: Num;
  baseFare: Num;
}
/** The body's shape with inputs' values: an empty depot (no lat and lng) is sent as none. */
interface RatesValues {
  depot: DepotValues;
  localRadiusMiles: Num;
  matchRadiusMiles: Num;
  currencyCode: string;
  local: RateValues;
  outlying: RateValues;
}

const num = (v: Num) => (v === '' ? Number.NaN : Number(v));

function toBody(v: RatesValues): unknown {
  const noDepot = v.depot.lat === '' && v.depot.lng === '' && v.depot.label.trim() === '';
  const rates = (r: RateValues) => ({
    costPerDistance: num(r.costPerDistance),
    costPerHour: num(r.costPerHour),
    baseFare: num(r.baseFare),
  });
  return {
    depot: noDepot ? null : { label: v.depot.label, lat: num(v.depot.lat), lng: num(v.depot.lng) },
    localRadiusMiles: num(v.localRadiusMiles),
    matchRadiusMiles: num(v.matchRadiusMiles),
    currencyCode: v.currencyCode.trim().toUpperCase(),
    local: rates(v.local),
    outlying: rates(v.outlying),
  };
}

function toValues(r: BidRates): RatesValues {
  return {
    depot: { label: r.depot?.label ?? '', lat: r.depot?.lat ?? '', lng: r.depot?.lng ?? '' },
    localRadiusMiles: r.localRadiusMiles,
    matchRadiusMiles: r.matchRadiusMiles,
    currencyCode: r.currencyCode,
    local: { ...r.local },
    outlying: { ...r.outlying },
  };
}

function RateFields({
  form,
  group,
  legend,
}: {
  form: Pick<UseFormReturnType<RatesValues>, 'getInputProps' | 'values'>;
  group: 'local' | 'outlying';
  legend: string;
}) {
  const currency = form.values.currencyCode || '';
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NumberInput
          label={`Per mile (${currency})`}
          min={0}
          decimalScale={2}
          {...form.getInputProps(`${group}.costPerDistance`)}
        />
        <NumberInput
          label={`Per hour (${currency})`}
          min={0}
          decimalScale={2}
          {...form.getInputProps(`${group}.costPerHour`)}
        />
        <NumberInput
          label={`Base fare (${currency})`}
          min={0}
          decimalScale={2}
          {...form.getInputProps(`${group}.baseFare`)}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

function RatesForm({ slug, rates }: { slug: string; rates: BidRates }) {
  const save = usePutBidRates(slug);
  const form = useForm<RatesValues>({
    initialValues: toValues(rates),
    validate: validateWith(BidRatesSchema, toBody),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(BidRatesSchema.parse(toBody(values)), {
      onSuccess: (saved) => form.setInitialValues(toValues(saved)),
      onError: (error) => applyServerErrors(form, error),
    }), revealFormErrors,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DepotFields form={form} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label="Local radius (miles)"
            description="Pickups within it use the local rates."
            min={0}
            {...form.getInputProps('localRadiusMiles')}
          />
          <NumberInput
            label="Matching radius (miles)"
            description="New auctions within it are announced to you."
            min={0}
            {...form.getInputProps('matchRadiusMiles')}
          />
          <TextInput
            label="Currency"
            maxLength={3}
            description="ISO code, such as GBP."
            {...form.getInputProps('currencyCode')}
          />
        </SimpleGrid>
        <RateFields form={form} group="local" legend="Local rates" />
        <RateFields form={form} group="outlying" legend="Outlying rates" />
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            Suggested price = base fare + per mile × miles + per hour × hours of the route.
          </Text>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save rates
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A courier company's depot, radii and bid rates (the marketplace's suggested prices come from them). */
export function BidRatesCard({ slug }: { slug: string }) {
  const rates = useBidRates(slug, true);
  return (
    <Card withBorder radius="lg" padding="lg" maw={760} mt="md" component="section" aria-label="Bid rates">
      <Title order={2} fz="lg" mb="md">
        Bid rates
      </Title>
      {rates.data ? (
        <RatesForm key={JSON.stringify(rates.data)} slug={slug} rates={rates.data} />
      ) : rates.error ? (
        <QueryError error={rates.error} onRetry={rates.refetch} title="Could not load the bid rates" />
      ) : (
        <TableSkeleton rows={4} height={56} />
      )}
    </Card>
  );
}

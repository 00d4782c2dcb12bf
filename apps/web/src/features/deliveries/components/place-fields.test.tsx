import type { CreateDeliveryBody } from '@courier/contract';
import { Button, MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../../lib/mantine-theme';
import { queryClient } from '../../../lib/query-client';
import { CAMDEN, servePlaces } from '../../../testing/fake-places';
import { easyDeliveryBody, emptyEasyDelivery, type EasyDeliveryValues } from './easy-form-values';
import { PlaceFields } from './place-fields';

/** The easy form's places as its page holds them: an uncontrolled form, the dropoff typed in. */
function Harness({ onBody }: { onBody: (body: CreateDeliveryBody) => void }) {
  const initialValues = emptyEasyDelivery();
  initialValues.dropoff.mode = 'typed';
  const form = useForm<EasyDeliveryValues>({ mode: 'uncontrolled', initialValues });
  return (
    <form onSubmit={form.onSubmit((values) => onBody(easyDeliveryBody(values)))}>
      <PlaceFields slug="acme" form={form} place="dropoff" label="Dropoff" />
      <Button type="submit">Create delivery</Button>
    </form>
  );
}

function renderHarness() {
  const onBody = vi.fn<(body: CreateDeliveryBody) => void>();
  render(
    <MantineProvider theme={mantineTheme} env="test">
      <QueryClientProvider client={queryClient}>
        <Harness onBody={onBody} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onBody;
}

const dropoff = (onBody: ReturnType<typeof renderHarness>) => onBody.mock.calls.at(-1)?.[0].steps[1];

describe('the easy form’s typed place', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('is filled by a picked suggestion, whose point goes with the step', async () => {
    servePlaces({});
    const onBody = renderHarness();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Dropoff: search for an address'), 'Camden High');
    await user.click(await screen.findByRole('option', { name: CAMDEN.label }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Address line 1/).value).toBe('30 Camden High Street');
    expect(screen.getByLabelText<HTMLInputElement>(/^Postcode/).value).toBe('NW1 0JH');
    expect(screen.getByText(`On the map: ${CAMDEN.label}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create delivery' }));
    expect(dropoff(onBody)?.address).toEqual({
      line1: '30 Camden High Street',
      city: 'London',
      postcode: 'NW1 0JH',
      countryCode: 'GB',
      lat: CAMDEN.lat,
      lng: CAMDEN.lng,
      placement: 'suggestion',
    });

    // A changed postcode is another address: its point is found again after saving.
    await user.type(screen.getByLabelText(/^Postcode/), 'X');
    expect(screen.getByText('Will be placed on the map after saving')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create delivery' }));
    expect(dropoff(onBody)?.address).toEqual({
      line1: '30 Camden High Street',
      city: 'London',
      postcode: 'NW1 0JHX',
      countryCode: 'GB',
    });
  });
});

import { LIMITS, proposeSlug, SignUpBodySchema } from '@courier/contract';
import {
  Alert,
  Button,
  Divider,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useSignUp } from '../api/sign-up';
import { browserCountry, countryOptions } from './country-options';
import { DEFAULT_COUNTRY_CODE } from '../../../lib/session/company-country';

/**
 * The company and its first admin in one form, checked with the contract's SignUpBodySchema (the same rules as the
 * server: slug, password length). The company's address is proposed from its name until the user edits it; a
 * taken address or e-mail comes back as a 409 on its field.
 */
/** Where the company's calls live (the API's company scope, decision 002): what the URL name becomes. */
const companyUrl = (slug: string) => `${window.location.origin}/api/v1/c/${slug.trim() || 'your-company'}`;

export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const slugEdited = useRef(false);
  const countries = useMemo(() => countryOptions(), []);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      companyName: '',
      slug: '',
      companyTypeSlug: 'shipper',
      // The browser's country, else the product's home market (its map opens on London, its prices are in GBP).
      countryCode: browserCountry() ?? DEFAULT_COUNTRY_CODE,
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      passwordConfirmation: '',
    },
    validate: schemaResolver(SignUpBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    signUp.mutate(SignUpBodySchema.parse(values), {
      onSuccess: onSignedUp,
      onError: (error) => {
        const onFields = applyServerErrors(form, error);
        if (isApiError(error, 429) || !onFields) setFormError(error.message);
      },
    });
  }, revealFormErrors);

  const nameProps = form.getInputProps('companyName');
  const slugProps = form.getInputProps('slug');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Divider label="Your company" labelPosition="left" />
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          {...nameProps}
          onChange={(event) => {
            const name = event.currentTarget.value;
            form.setFieldValue('companyName', name);
            if (!slugEdited.current) form.setFieldValue('slug', proposeSlug(name));
          }}
        />
        <TextInput
          label="Company URL name"
          description={
            <>
              Your company in Courier's web addresses:{' '}
              <Text span inherit fw={600} data-testid="company-url">
                {companyUrl(slugProps.value as string)}
              </Text>
              . Lower-case letters, digits and hyphens, {LIMITS.slugMin} to {LIMITS.slugMax} characters; it
              cannot change later.
            </>
          }
          required
          {...slugProps}
          onChange={(event) => {
            slugEdited.current = true;
            form.setFieldValue('slug', event.currentTarget.value);
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="company-type-label">
            We are a
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="company-type-label"
            data={[
              { value: 'shipper', label: 'Shipper' },
              { value: 'courier', label: 'Courier' },
            ]}
            value={form.values.companyTypeSlug}
            onChange={(value: string) => form.setFieldValue('companyTypeSlug', value)}
          />
          <Text size="xs" c="dimmed" mt={4}>
            Shippers send deliveries; couriers carry them and bid on the marketplace.
          </Text>
        </div>
        <Select
          label="Country"
          placeholder="Choose a country"
          data={countries}
          searchable
          required
          {...form.getInputProps('countryCode')}
          onChange={(value: string | null) => form.setFieldValue('countryCode', value ?? '')}
        />
        <Divider label="You, its first admin" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            {...form.getInputProps('firstname')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastname')}
          />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${LIMITS.passwordMin} characters`}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm the password"
          autoComplete="new-password"
          required
          {...form.getInputProps('passwordConfirmation')}
        />
        <Button type="submit" fullWidth loading={signUp.isPending} mt="xs">
          Create my company
        </Button>
      </Stack>
    </form>
  );
}

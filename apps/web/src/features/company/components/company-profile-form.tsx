import { CompanyProfileBodySchema, LIMITS, type Company } from '@courier/contract';
import { Button, Card, Divider, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useUpdateCompany } from '../api/update-company';
import { LogoUpload } from './logo-upload';

interface ProfileValues {
  name: string;
  description: string;
}

/** An admin's view: logo upload, name and description; the slug is shown and never changes. */
export function CompanyProfileForm({ company }: { company: Company }) {
  const save = useUpdateCompany(company.slug);
  const form = useForm<ProfileValues>({
    initialValues: { name: company.name, description: company.description },
    validate: validateWith(CompanyProfileBodySchema, (v: ProfileValues) => v),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(CompanyProfileBodySchema.parse(values), {
      onSuccess: (saved) => form.setInitialValues({ name: saved.name, description: saved.description }),
      onError: (error) => applyServerErrors(form, error),
    }), revealFormErrors,
  );
  return (
    <Card withBorder radius="lg" padding="lg" maw={760} component="section" aria-label="Company details">
      <Title order={2} fz="lg" mb="md">
        Company details
      </Title>
      <LogoUpload company={company} />
      <Divider my="lg" />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" required maxLength={LIMITS.nameMax} {...form.getInputProps('name')} />
          <TextInput
            label="Slug"
            value={company.slug}
            readOnly
            description="Your company's address in the app and the API. It never changes."
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxLength={LIMITS.descriptionMax}
            {...form.getInputProps('description')}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed" tt="capitalize">
              {company.companyTypeSlug} company
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

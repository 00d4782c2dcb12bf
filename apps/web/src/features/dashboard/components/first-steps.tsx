import { Anchor, Button, Card, Group, List, Progress, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../../lib/session/get-me';
import { useCurrentCompany } from '../../../lib/session/get-my-companies';
import { useResendEmailVerification } from '../../../lib/session/resend-email-verification';
import { useFirstSteps } from '../api/get-first-steps';

interface Step {
  key: string;
  label: string;
  done: boolean;
  to?: string;
}

/**
 * A new company's first steps (decision 029), each ticked from real data: the admin's verified e-mail, a company
 * description or logo, a courier's depot, a vehicle, a driver, a delivery. Shown to admins until every step is done.
 */
export function FirstSteps({ slug }: { slug: string }) {
  const { data: user } = useMe();
  const { company } = useCurrentCompany();
  const courier = company?.companyTypeSlug === 'courier';
  const counts = useFirstSteps(slug, courier);
  const resend = useResendEmailVerification();
  // Drawn in a deferred render, in slices, not in the synchronous render the answer's arrival causes (decision 052).
  const data = useDeferredValue(counts.data);
  if (counts.isError) return null;
  if (!data || !user) return <Skeleton height={180} radius="lg" />;
  const steps: Step[] = [
    { key: 'email', label: 'Verify your e-mail address', done: user.emailVerifiedAt !== null },
    {
      key: 'profile',
      label: 'Fill in the company profile',
      done: Boolean(company && (company.description.trim() || company.logoUrl)),
      to: '/AccountPages/CompanyProfile',
    },
    // The marketplace prices and finds nearby offers from a courier's depot.
    ...(data.depot === null
      ? []
      : [
          {
            key: 'depot',
            label: 'Set your depot',
            done: data.depot,
            to: '/AccountPages/CompanyProfile',
          },
        ]),
    { key: 'vehicle', label: 'Add a vehicle', done: data.vehicles > 0, to: '/VehicleAdd' },
    { key: 'driver', label: 'Add a driver', done: data.drivers > 0, to: '/DriverAdd' },
    {
      key: 'delivery',
      label: 'Create a first delivery',
      done: data.deliveries > 0,
      to: '/DeliveryAddEasy',
    },
  ];
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="first-steps-title">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="lg" id="first-steps-title">
          First steps
        </Title>
        <Text size="sm" c="dimmed">
          {done} of {steps.length} done
        </Text>
      </Group>
      <Progress value={(done / steps.length) * 100} size="sm" mb="md" aria-hidden />
      <List spacing="sm" center>
        {steps.map((step) => (
          <List.Item
            key={step.key}
            data-done={step.done}
            icon={
              <ThemeIcon color={step.done ? 'teal' : 'gray'} variant="light" size={24} radius="xl">
                {step.done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
              </ThemeIcon>
            }
          >
            <Group gap="xs" wrap="wrap">
              {step.done || !step.to ? (
                <Text
                  size="sm"
                  td={step.done ? 'line-through' : undefined}
                  c={step.done ? 'dimmed' : undefined}
                >
                  {step.label}
                </Text>
              ) : (
                <Anchor component={Link} to={step.to} size="sm" fw={600}>
                  {step.label}
                </Anchor>
              )}
              {step.key === 'email' && !step.done ? (
                resend.isSuccess || resend.isError ? (
                  <Text size="xs" c={resend.isError ? 'red' : 'dimmed'} role="status">
                    {resend.isError ? resend.error.message : resend.data.message}
                  </Text>
                ) : (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => resend.mutate()}
                    loading={resend.isPending}
                  >
                    Send the link again
                  </Button>
                )
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

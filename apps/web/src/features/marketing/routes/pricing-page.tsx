import { Badge, Button, Card, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MarketingFrame } from '../components/marketing-frame';
import classes from '../components/marketing.module.css';

interface Plan {
  name: string;
  price: string;
  audience: string;
  features: string[];
  action: { label: string; to: string };
  badge?: string;
  planned?: boolean;
}

const PLANS: Plan[] = [
  {
    name: 'Self-hosted',
    price: 'Free',
    audience: 'The whole product on your own server, for shippers and couriers alike.',
    features: [
      'Deliveries with steps, parcels, windows, quotes and proofs',
      'Your vehicles and drivers, with the offline-safe driver app',
      'Live tracking for your office and your recipients',
      'The marketplace: offer deliveries, bid, award, rate',
      'Notifications in the app and by e-mail (your SMTP server)',
      'One command to install; embedded database or PostgreSQL',
      'No limit on users, deliveries or companies',
    ],
    action: { label: 'Create your company', to: '/Register' },
    badge: 'Available now',
  },
  {
    name: 'Hosted',
    price: 'Priced per company',
    audience: 'The same product, run for you, for companies without their own server.',
    features: [
      'Everything in Self-hosted',
      'We run the servers, updates and daily backups',
      'Mail delivery and monitoring set up for you',
      'Support by e-mail within one working day',
    ],
    action: { label: 'Tell us what you need', to: '/ContactUs' },
    badge: 'Planned',
    planned: true,
  },
];

/** /Pricing: what is free today (everything, self-hosted) and what a hosted plan would add, honestly. */
export default function PricingPage() {
  return (
    <MarketingFrame>
      <section className={classes.section}>
        <Container size="md">
          <Stack gap="xs" mb="xl" maw={640}>
            <Title order={1}>Pricing</Title>
            <Text c="dimmed">
              The product is free to run on your own server, with every feature and no limits. A hosted plan,
              for companies that would rather not run a server, is being prepared: tell us if you want it.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {PLANS.map((plan) => (
              <Card
                key={plan.name}
                withBorder
                radius="lg"
                padding="xl"
                shadow={plan.planned ? undefined : 'md'}
                component="section"
                aria-label={plan.name}
              >
                <Stack gap="sm" h="100%">
                  <Title order={2} fz="xl">
                    {plan.name}{' '}
                    {plan.badge ? (
                      <Badge variant="light" color={plan.planned ? 'gray' : 'teal'} ml={4}>
                        {plan.badge}
                      </Badge>
                    ) : null}
                  </Title>
                  <Text fw={800} fz={28}>
                    {plan.price}
                  </Text>
                  <Text c="dimmed" size="sm">
                    {plan.audience}
                  </Text>
                  <List
                    spacing={8}
                    size="sm"
                    icon={
                      plan.planned ? (
                        <IconClock size={16} color="var(--mantine-color-gray-6)" />
                      ) : (
                        <IconCheck size={16} color="var(--mantine-color-teal-6)" />
                      )
                    }
                    style={{ flex: 1 }}
                  >
                    {plan.features.map((feature) => (
                      <List.Item key={feature}>{feature}</List.Item>
                    ))}
                  </List>
                  <Button
                    component={Link}
                    to={plan.action.to}
                    variant={plan.planned ? 'light' : 'filled'}
                    fullWidth
                  >
                    {plan.action.label}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </section>
    </MarketingFrame>
  );
}

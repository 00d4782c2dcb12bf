import { Badge, Button, Card, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MarketingFrame } from '../components/marketing-frame';
import classes from '../components/marketing.module.css';

const PLANS = [
  {
    name: 'Shipper',
    audience: 'For companies that send deliveries',
    features: [
      'Deliveries with steps, parcels and contacts',
      'Your own vehicles and drivers',
      'Live tracking and proof of delivery',
    ],
  },
  {
    name: 'Courier',
    audience: 'For companies that carry them',
    features: ['Everything in Shipper', 'Bid on open deliveries', 'Fleet and driver management'],
    highlighted: true,
  },
  {
    name: 'Enterprise',
    audience: 'For large and multi-site operations',
    features: ['Everything in Courier', 'Integrations through the API', 'Dedicated support'],
  },
];

/** /Pricing. Prices are agreed per company for now, and the page says so rather than inventing numbers. */
export default function PricingPage() {
  return (
    <MarketingFrame>
      <section className={classes.section}>
        <Container size="lg">
          <Stack gap="xs" mb="xl" maw={640}>
            <Title order={1}>Pricing</Title>
            <Text c="dimmed">
              During early access, prices are agreed with each company according to its volume. Pick the plan
              that fits and we will send you a quote.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {PLANS.map((plan) => (
              <Card
                key={plan.name}
                withBorder
                radius="lg"
                padding="xl"
                shadow={plan.highlighted ? 'md' : undefined}
              >
                <Stack gap="sm" h="100%">
                  <Title order={2} fz="xl">
                    {plan.name}{' '}
                    {plan.highlighted ? (
                      <Badge variant="light" ml={4}>
                        Popular
                      </Badge>
                    ) : null}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {plan.audience}
                  </Text>
                  <List
                    spacing={8}
                    size="sm"
                    icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />}
                    style={{ flex: 1 }}
                  >
                    {plan.features.map((feature) => (
                      <List.Item key={feature}>{feature}</List.Item>
                    ))}
                  </List>
                  <Button
                    component={Link}
                    to="/ContactUs"
                    variant={plan.highlighted ? 'filled' : 'light'}
                    fullWidth
                  >
                    Ask for a quote
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

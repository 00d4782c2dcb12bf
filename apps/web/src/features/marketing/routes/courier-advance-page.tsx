import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconClockHour4,
  IconGavel,
  IconMapPin,
  IconReceipt,
  IconRoute,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureGrid, type Feature } from '../components/feature-grid';
import { MarketingFrame } from '../components/marketing-frame';
import classes from '../components/marketing.module.css';

const FEATURES: Feature[] = [
  {
    icon: IconGavel,
    title: 'Bid on open deliveries',
    text: 'See the deliveries shippers put up for auction and bid on the ones that fit your routes.',
  },
  {
    icon: IconRoute,
    title: 'Carry them your way',
    text: 'Once a bid is won, assign your own vehicles and drivers and move the delivery through its statuses.',
  },
  {
    icon: IconMapPin,
    title: 'Shared live tracking',
    text: 'The shipper follows the delivery you carry, live, without seeing anything else of yours.',
  },
  {
    icon: IconReceipt,
    title: 'Proof for every stop',
    text: 'Proofs of delivery go to the shipper the moment your driver uploads them.',
  },
  {
    icon: IconClockHour4,
    title: 'Fewer empty miles',
    text: 'Fill the gaps in your drivers’ days with deliveries along the way.',
  },
  {
    icon: IconUsersGroup,
    title: 'One team view',
    text: 'Dispatchers, admins and drivers work the same delivery from their own screens.',
  },
];

/** /CourierAdvance: the product's offer to courier companies. */
export default function CourierAdvancePage() {
  return (
    <MarketingFrame>
      <section className={classes.hero}>
        <Container size="lg">
          <Stack gap="md" maw={680}>
            <Title order={1} className={classes.heroTitle}>
              Courier Advance
            </Title>
            <Text size="lg" c="dimmed">
              For courier companies: win deliveries from shippers on the marketplace and carry them with your
              own fleet, with the shipper kept up to date at every step.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/ContactUs" size="md">
                Talk to us
              </Button>
              <Button component={Link} to="/Pricing" size="md" variant="default">
                See pricing
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
      <section className={classes.section}>
        <Container size="lg">
          <FeatureGrid features={FEATURES} />
        </Container>
      </section>
    </MarketingFrame>
  );
}

import { Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCamera,
  IconGavel,
  IconMapPin,
  IconRoute,
  IconTruck,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureGrid, type Feature } from '../components/feature-grid';
import { MailingListForm } from '../components/mailing-list-form';
import { MarketingFrame } from '../components/marketing-frame';
import classes from '../components/marketing.module.css';

const FEATURES: Feature[] = [
  {
    icon: IconRoute,
    title: 'Deliveries in steps',
    text: 'Pickups and drop-offs as ordered steps, with parcels, contacts and time windows on each.',
  },
  {
    icon: IconMapPin,
    title: 'Live on the map',
    text: 'Drivers share their position from the road; everyone follows the delivery as it moves.',
  },
  {
    icon: IconTruck,
    title: 'Fleet and drivers',
    text: 'Vehicles by size, status and fleet; drivers by availability. Assign both to a delivery in a click.',
  },
  {
    icon: IconCamera,
    title: 'Proof of delivery',
    text: 'Photos and signatures uploaded at the door, kept with the delivery step they prove.',
  },
  {
    icon: IconGavel,
    title: 'Courier marketplace',
    text: 'Put a delivery up for auction and let courier companies bid to carry it.',
  },
  {
    icon: IconCalendarEvent,
    title: 'One calendar',
    text: 'Every scheduled pickup and drop-off on a calendar the whole team shares.',
  },
];

const STEPS = [
  { title: 'Create the delivery', text: 'Addresses, parcels and the time it has to arrive.' },
  { title: 'Assign or auction', text: 'Your own vehicle and driver, or the best courier bid.' },
  { title: 'Follow it to the door', text: 'Live status, location and proof of delivery.' },
];

/** / and /LandingPage: what the product does, and the mailing list. */
export default function LandingPage() {
  return (
    <MarketingFrame>
      <section className={classes.hero}>
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Courier and delivery management
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              Deliveries, fleets and drivers in one place
            </Title>
            <Text size="lg" c="dimmed">
              Plan deliveries, hand them to your own drivers or to courier companies, and follow every parcel
              from pickup to proof of delivery.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/Register" size="md">
                Create your company
              </Button>
              <Button component={Link} to="/login" size="md" variant="default">
                Sign In
              </Button>
              <Button component={Link} to="/Pricing" size="md" variant="subtle">
                See pricing
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>

      <section className={classes.section}>
        <Container size="lg">
          <Title order={2} mb="xl">
            Everything a delivery needs
          </Title>
          <FeatureGrid features={FEATURES} />
        </Container>
      </section>

      <section className={`${classes.section} ${classes.band}`}>
        <Container size="lg">
          <Title order={2} mb="xl">
            How it works
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {STEPS.map((step, index) => (
              <Paper key={step.title} withBorder radius="lg" p="lg">
                <Text c="indigo" fw={800} fz={28} lh={1}>
                  {index + 1}
                </Text>
                <Title order={3} fz="lg" mt="sm">
                  {step.title}
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {step.text}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Container>
      </section>

      <section className={classes.section}>
        <Container size="sm">
          <Stack gap="sm">
            <Title order={2}>Join our mailing list</Title>
            <Text c="dimmed">News about releases, a few times a year. No spam.</Text>
            <MailingListForm />
          </Stack>
        </Container>
      </section>
    </MarketingFrame>
  );
}

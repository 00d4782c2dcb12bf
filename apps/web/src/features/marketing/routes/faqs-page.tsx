import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { MarketingFrame } from '../components/marketing-frame';
import classes from '../components/marketing.module.css';

const FAQS = [
  {
    q: 'Who is it for?',
    a: 'Companies that send deliveries (shippers), companies that carry them (couriers), and the drivers who do the driving.',
  },
  {
    q: 'How do I get an account?',
    a: "Your company's admin adds you. New companies can contact us; self-service registration comes with a later release.",
  },
  {
    q: 'Can I use my own drivers and vehicles?',
    a: 'Yes. Add your vehicles and drivers, then assign them to a delivery. You can also offer a delivery to courier companies instead.',
  },
  {
    q: 'How does bidding work?',
    a: 'A shipper puts a delivery up for auction, courier companies bid to carry it, and the shipper awards it. The carrier then works the delivery; it never sees the shipper’s other data.',
  },
  {
    q: 'Can customers see where their parcel is?',
    a: 'Drivers share their location while on a delivery, and each status change is recorded, so the delivery can be followed on the map and in its history.',
  },
  {
    q: 'Is there dark mode?',
    a: 'Yes: light, dark, or follow your device, from the button in the header.',
  },
];

/** /FAQs */
export default function FaqsPage() {
  return (
    <MarketingFrame>
      <section className={classes.section}>
        <Container size="sm">
          <Stack gap="xs" mb="xl">
            <Title order={1}>Frequently Asked Questions</Title>
            <Text c="dimmed">Short answers to what people ask us most.</Text>
          </Stack>
          <Accordion variant="separated" radius="md">
            {FAQS.map((item) => (
              <Accordion.Item key={item.q} value={item.q}>
                <Accordion.Control>{item.q}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{item.a}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Container>
      </section>
    </MarketingFrame>
  );
}

import { Anchor, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLifebuoy, IconMail } from '@tabler/icons-react';
import { SALES_EMAIL, SUPPORT_DESK_URL } from '../../../lib/config';
import { ContactForm } from '../components/contact-form';
import { MailingListForm } from '../components/mailing-list-form';
import { MarketingFrame } from '../components/marketing-frame';
import classes from '../components/marketing.module.css';

/** /ContactUs */
export default function ContactPage() {
  return (
    <MarketingFrame>
      <section className={classes.section}>
        <Container size="md">
          <Stack gap="xs" mb="xl">
            <Title order={1}>Contact Us</Title>
            <Text c="dimmed">
              Questions about the product, a quote for your company, or help with your account.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Card withBorder radius="lg" padding="lg">
              <ThemeIcon size={42} radius="md" variant="light">
                <IconMail size={22} />
              </ThemeIcon>
              <Title order={2} fz="lg" mt="md">
                Sales
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Quotes, plans and onboarding a new company.
              </Text>
              <Anchor href={`mailto:${SALES_EMAIL}`} mt="sm" size="sm">
                {SALES_EMAIL}
              </Anchor>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <ThemeIcon size={42} radius="md" variant="light" color="teal">
                <IconLifebuoy size={22} />
              </ThemeIcon>
              <Title order={2} fz="lg" mt="md">
                Support Desk
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Help with your account, deliveries or drivers.
              </Text>
              <Anchor href={SUPPORT_DESK_URL} target="_blank" rel="noopener noreferrer" mt="sm" size="sm">
                Open the support desk
              </Anchor>
            </Card>
          </SimpleGrid>
          <Card withBorder radius="lg" padding="lg" mt="lg" component="section" aria-label="Write to us">
            <Title order={2} fz="lg" mb="md">
              Write to us
            </Title>
            <ContactForm />
          </Card>
          <Stack gap="sm" mt={48}>
            <Title order={2} fz="xl">
              Stay in touch
            </Title>
            <MailingListForm />
          </Stack>
        </Container>
      </section>
    </MarketingFrame>
  );
}

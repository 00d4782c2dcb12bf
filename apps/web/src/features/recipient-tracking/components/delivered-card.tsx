import type { PublicProof, PublicTracking } from '@courier/contract';
import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLock, IconMapPin, IconMessage } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/date-format';
import { trackingProofUrl } from '../api/tracking-proof';

const KIND_LABEL: Record<PublicProof['kind'], string> = { photo: 'Photo', signature: 'Signature' };

/** A proof as a thumbnail that opens the full picture (a link: reachable and opened with the keyboard). */
function ProofThumbnail({ token, proof }: { token: string; proof: PublicProof }) {
  const src = trackingProofUrl(token, proof.uuid);
  const caption =
    proof.kind === 'signature'
      ? proof.note
        ? `Signed by ${proof.note}`
        : 'Signature'
      : proof.note
        ? `Driver's note: ${proof.note}`
        : 'Photo';
  return (
    <Stack gap={4} component="figure" m={0}>
      <Anchor
        href={src}
        target="_blank"
        rel="noopener"
        aria-label={`Open the ${KIND_LABEL[proof.kind].toLowerCase()} in a new tab`}
        data-testid={`tracking-proof-${proof.kind}`}
      >
        {/* A signature is dark ink on a transparent background: white behind it in dark mode too. */}
        <Image src={src} alt={caption} h={120} fit="contain" bg="white" radius="md" loading="lazy" />
      </Anchor>
      <Text component="figcaption" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {caption}
      </Text>
    </Stack>
  );
}

/** Once delivered: when, how it was handed over (the proofs, or the recipient's code), and where it was left. */
export function DeliveredCard({
  token,
  delivered,
}: {
  token: string;
  delivered: NonNullable<PublicTracking['delivered']>;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="delivered-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="green" variant="light" radius="xl" size="lg" aria-hidden>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Title order={2} fz="lg" id="delivered-title">
            Delivered {formatDateTime(delivered.at)}
          </Title>
        </Group>
        {delivered.handedOverWithCode ? (
          <Group gap="xs" wrap="nowrap">
            <IconLock size={18} aria-hidden />
            <Text data-testid="tracking-handed-over">Handed over with your code.</Text>
          </Group>
        ) : null}
        {delivered.safePlace ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text style={{ overflowWrap: 'anywhere' }} data-testid="tracking-safe-place">
              You asked for it to be left: {delivered.safePlace}
            </Text>
          </Group>
        ) : null}
        {delivered.proofs.length > 0 ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="tracking-proofs">
            {delivered.proofs.map((proof) => (
              <ProofThumbnail key={proof.uuid} token={token} proof={proof} />
            ))}
          </SimpleGrid>
        ) : !delivered.handedOverWithCode ? (
          <Group gap="xs" wrap="nowrap">
            <IconMessage size={18} aria-hidden />
            <Text size="sm" c="dimmed">
              No photo or signature was taken at the door.
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

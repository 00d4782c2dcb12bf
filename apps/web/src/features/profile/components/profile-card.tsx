import { displayName, type User } from '@courier/contract';
import { Avatar, Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone, IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatLongDate } from '../../../lib/date-format';

export const formatDate = (iso: string) => formatLongDate(iso);

/** Image, name, e-mail, member-since date, phone numbers and the Edit Profile button (spec /Users/Me). */
export function ProfileCard({ user }: { user: User }) {
  const name = displayName(user);
  const phones = user.phoneNumbers ?? [];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack align="center" gap={6} ta="center">
        <Avatar
          src={user.imgUrl ?? user.imgThumbUrl}
          name={name}
          color="initials"
          size={96}
          radius={96}
          alt={name}
        />
        <Title order={2} fz="xl" mt="xs">
          {name}
        </Title>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconMail size={16} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Member since {formatDate(user.createdAt)}
        </Text>
      </Stack>
      <Divider my="md" />
      <Text size="xs" fw={800} tt="uppercase" c="dimmed" mb={6}>
        Phone numbers
      </Text>
      {phones.length === 0 ? (
        <Text size="sm" c="dimmed">
          No phone numbers yet.
        </Text>
      ) : (
        <Stack gap={6}>
          {phones.map((phone) => (
            <Group key={phone.uuid} gap="xs" wrap="nowrap">
              <IconPhone size={16} color="var(--mantine-color-dimmed)" />
              <Text size="sm">{phone.phoneNumber}</Text>
              <Text size="xs" c="dimmed" tt="capitalize">
                {phone.phoneNumberType}
              </Text>
              {phone.isPrimary ? (
                <Badge size="xs" variant="light">
                  Primary
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      <Button
        component={Link}
        to="/AccountPages/UserAccountSettings"
        leftSection={<IconUserEdit size={18} />}
        mt="lg"
        fullWidth
      >
        Edit Profile
      </Button>
    </Card>
  );
}

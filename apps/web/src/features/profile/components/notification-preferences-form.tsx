import { NOTIFICATION_KIND_LABELS, type NotificationPreference } from '@courier/contract';
import { Skeleton, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '../../../components/list/query-error';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../../../components/notifications/notifications-api';
import { SectionForm } from './section-form';

function PreferencesTable({ initial }: { initial: NotificationPreference[] }) {
  const save = useSaveNotificationPreferences();
  const [prefs, setPrefs] = useState(initial);
  const set = (kind: NotificationPreference['kind'], field: 'inApp' | 'email', value: boolean) =>
    setPrefs((list) => list.map((p) => (p.kind === kind ? { ...p, [field]: value } : p)));
  return (
    <SectionForm
      title="Notifications"
      description="What you are told of, in the app (the bell and the Notifications screen) and by e-mail."
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(prefs);
      }}
      saving={save.isPending}
      submitLabel="Save preferences"
    >
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th ta="center" w={64}>
              App
            </Table.Th>
            <Table.Th ta="center" w={64}>
              E-mail
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {prefs.map((p) => (
            <Table.Tr key={p.kind}>
              <Table.Td>
                <Text size="sm">{NOTIFICATION_KIND_LABELS[p.kind]}</Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  mx="auto"
                  w="fit-content"
                  checked={p.inApp}
                  onChange={(e) => set(p.kind, 'inApp', e.currentTarget.checked)}
                  aria-label={`In the app: ${NOTIFICATION_KIND_LABELS[p.kind]}`}
                />
              </Table.Td>
              <Table.Td>
                <Switch
                  mx="auto"
                  w="fit-content"
                  checked={p.email}
                  onChange={(e) => set(p.kind, 'email', e.currentTarget.checked)}
                  aria-label={`By e-mail: ${NOTIFICATION_KIND_LABELS[p.kind]}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionForm>
  );
}

/** The user's notification preferences per kind (decision 028), on the account settings. */
export function NotificationPreferencesForm() {
  const prefs = useNotificationPreferences();
  if (prefs.error) return <QueryError error={prefs.error} onRetry={prefs.refetch} />;
  if (!prefs.data) return <Skeleton height={320} radius="lg" />;
  return <PreferencesTable initial={prefs.data} />;
}

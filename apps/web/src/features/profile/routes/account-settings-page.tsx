import { SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryState } from '../../../components/layout/query-state';
import { useMe } from '../../../lib/session/get-me';
import { EmailForm } from '../components/email-form';
import { NameForm } from '../components/name-form';
import { NotificationPreferencesForm } from '../components/notification-preferences-form';
import { PasswordForm } from '../components/password-form';
import { PhoneNumbersForm } from '../components/phone-numbers-form';

/** /AccountPages/UserAccountSettings: name, e-mail, phone numbers, password and notification preferences. */
export default function AccountSettingsPage() {
  const { data, isPending, error } = useMe();
  return (
    <>
      <PageHeader title="Account Settings" description="Changes are saved one section at a time." />
      <QueryState data={data} isPending={isPending} error={error}>
        {(user) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
            <Stack gap="lg">
              <NameForm user={user} />
              <EmailForm user={user} />
            </Stack>
            <Stack gap="lg">
              <PhoneNumbersForm user={user} />
              <PasswordForm />
            </Stack>
            <div id="notifications" style={{ gridColumn: '1 / -1' }}>
              <NotificationPreferencesForm />
            </div>
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}

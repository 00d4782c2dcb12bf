import { AcceptInvitationBodySchema, LIMITS, type Invitation } from '@courier/contract';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorsOf } from '../../../lib/errors';
import { fileUrl } from '../../../lib/file-url';
import { fetchHomeRoute } from '../../../lib/session/fetch-home-route';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { AuthCard } from '../components/auth-card';
import { revealFormErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/date-format';

const ROLE_WORDS = { driver: 'a driver', 'company-admin': 'an admin' } as const;

/** The link no longer works (used, replaced or expired), or there is no link: what to do instead. */
function DeadLink({ message }: { message: string }) {
  return (
    <AuthCard title="Accept your invitation">
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title="This link no longer works"
        >
          {message}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
        <Anchor component={Link} to="/auth/boxed-password-reset" size="sm" ta="center">
          Forgot your password?
        </Anchor>
      </Stack>
    </AuthCard>
  );
}

function ChoosePassword({ token, invitation }: { token: string; invitation: Invitation }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { token, password: '', passwordConfirmation: '' },
    validate: schemaResolver(AcceptInvitationBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    accept.mutate(AcceptInvitationBodySchema.parse(values), {
      onSuccess: () => void fetchHomeRoute(queryClient).then((to) => navigate(to, { replace: true })),
      onError: (error) => {
        const { token: tokenError, ...fields } = fieldErrorsOf(error);
        if (tokenError) setDeadLink(tokenError);
        else if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          revealFormErrors(fields);
        }
        else setFormError(error.message);
      },
    });
  }, revealFormErrors);
  if (deadLink) return <DeadLink message={deadLink} />;
  const name = invitation.companyName;
  return (
    <AuthCard
      title={`Join ${name}`}
      subtitle={`${invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You are invited'} to work with ${name} as ${ROLE_WORDS[invitation.roleSlug]}. Choose the password you will sign in with.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Avatar
              src={invitation.companyLogoUrl ? fileUrl(invitation.companyLogoUrl) : null}
              name={name}
              color="initials"
              radius="md"
              size="lg"
              alt=""
            />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {invitation.firstname} {invitation.lastname}
              </Text>
              <Text size="xs" c="dimmed">
                The link works until {formatDateTime(invitation.expiresAt)}.
              </Text>
            </div>
          </Group>
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput label="E-mail" value={invitation.email} readOnly autoComplete="username" />
          <PasswordInput
            label="Password"
            description={`At least ${LIMITS.passwordMin} characters`}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm the password"
            autoComplete="new-password"
            required
            key={form.key('passwordConfirmation')}
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" fullWidth loading={accept.isPending}>
            Accept and sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/**
 * /auth/accept-invitation?token=… (decision 032): the invited person sees which company invited them as what, chooses
 * a password, and lands signed in on their home screen (a driver on the driver dashboard).
 */
export default function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invitation = useInvitation(token);
  if (!token)
    return (
      <DeadLink message="Open the link from your invitation e-mail. If you have already chosen a password, sign in." />
    );
  if (invitation.isPending)
    return (
      <AuthCard title="Accept your invitation">
        <Stack gap="md" aria-busy="true" aria-label="Loading the invitation">
          <Skeleton height={48} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      </AuthCard>
    );
  if (invitation.error) {
    const tokenError = fieldErrorsOf(invitation.error).token;
    return (
      <DeadLink
        message={
          tokenError ?? `We could not open the invitation: ${invitation.error.message} Try again in a moment.`
        }
      />
    );
  }
  return <ChoosePassword token={token} invitation={invitation.data} />;
}

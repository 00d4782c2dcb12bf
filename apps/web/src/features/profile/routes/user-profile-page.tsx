import { Badge, Grid, Group, Stack, Text } from '@mantine/core';
import { PlaceStatusBadge } from '../../../components/address-search/place-status-badge';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryState } from '../../../components/layout/query-state';
import { useMe } from '../../../lib/session/get-me';
import { useMyAddresses } from '../../../lib/session/get-my-addresses';
import { useMyCompanies } from '../../../lib/session/get-my-companies';
import { useMyRoles } from '../../../lib/session/get-my-roles';
import { DetailsCard, NoneYet } from '../components/details-card';
import { ProfileCard } from '../components/profile-card';

/** /AccountPages/UserProfile: the profile card with the user's roles, companies and addresses. */
export default function UserProfilePage() {
  const me = useMe();
  const roles = useMyRoles();
  const companies = useMyCompanies();
  const addresses = useMyAddresses();
  return (
    <>
      <PageHeader title="User Profile" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <QueryState data={me.data} isPending={me.isPending} error={me.error}>
            {(user) => <ProfileCard user={user} />}
          </QueryState>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <DetailsCard title="Roles">
              <QueryState data={roles.data} isPending={roles.isPending} error={roles.error}>
                {(list) =>
                  list.length === 0 ? (
                    <NoneYet>No roles yet.</NoneYet>
                  ) : (
                    <Group gap="xs">
                      {list.map((role) => (
                        <Badge key={role.uuid} variant="light" size="lg" radius="sm" tt="none">
                          {role.name}
                        </Badge>
                      ))}
                    </Group>
                  )
                }
              </QueryState>
            </DetailsCard>
            <DetailsCard title="Companies">
              <QueryState data={companies.data} isPending={companies.isPending} error={companies.error}>
                {(list) =>
                  list.length === 0 ? (
                    <NoneYet>You do not belong to a company yet.</NoneYet>
                  ) : (
                    <Stack gap="sm">
                      {list.map((company) => (
                        <Group key={company.uuid} justify="space-between" wrap="nowrap">
                          <div>
                            <Text fw={700}>{company.name}</Text>
                            <Text size="xs" c="dimmed">
                              {company.slug}
                            </Text>
                          </div>
                          <Badge variant="outline" tt="capitalize">
                            {company.companyTypeSlug}
                          </Badge>
                        </Group>
                      ))}
                    </Stack>
                  )
                }
              </QueryState>
            </DetailsCard>
            <DetailsCard title="Addresses">
              <QueryState data={addresses.data} isPending={addresses.isPending} error={addresses.error}>
                {(list) =>
                  list.length === 0 ? (
                    <NoneYet>No addresses yet.</NoneYet>
                  ) : (
                    <Stack gap="sm">
                      {list.map((address) => (
                        <Group key={address.uuid} gap="xs" wrap="wrap" align="center">
                          <Text size="sm">
                            {[
                              address.line1,
                              address.line2,
                              address.line3,
                              address.city,
                              address.county,
                              address.postcode,
                            ]
                              .filter(Boolean)
                              .join(', ')}{' '}
                            <Text span c="dimmed" size="sm">
                              ({address.countryCode.toUpperCase()})
                            </Text>
                          </Text>
                          {address.placeStatus ? <PlaceStatusBadge status={address.placeStatus} /> : null}
                        </Group>
                      ))}
                    </Stack>
                  )
                }
              </QueryState>
            </DetailsCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

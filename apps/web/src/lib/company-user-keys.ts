/** Query keys of the company's people: users, drivers and their info, under the company they belong to. */
export const companyUserKeys = {
  all: (slug: string) => ['company-users', slug] as const,
  users: (slug: string) => [...companyUserKeys.all(slug), 'users'] as const,
  driverUuids: (slug: string) => [...companyUserKeys.all(slug), 'driver-uuids'] as const,
  driverInfo: (slug: string) => [...companyUserKeys.all(slug), 'driver-info'] as const,
};

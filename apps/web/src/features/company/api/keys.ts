export const companyKeys = {
  profile: (slug: string) => ['company', slug, 'profile'] as const,
};

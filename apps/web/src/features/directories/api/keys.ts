export interface DirectoryQuery {
  search?: string | undefined;
  page: number;
  per_page: number;
}

/** Query keys of the directories, under the company they belong to. */
export const directoryKeys = {
  all: (slug: string) => ['directories', slug] as const,
  clients: (slug: string) => [...directoryKeys.all(slug), 'clients'] as const,
  clientList: (slug: string, query: DirectoryQuery) => [...directoryKeys.clients(slug), query] as const,
  addresses: (slug: string) => [...directoryKeys.all(slug), 'addresses'] as const,
  addressList: (slug: string, query: DirectoryQuery) => [...directoryKeys.addresses(slug), query] as const,
};

/** Query keys of the signed-in user's own data; invalidating `meRootKey` reloads all of them. */
export const meRootKey = ['me'] as const;
export const meQueryKey = [...meRootKey, 'user'] as const;
export const meRolesQueryKey = [...meRootKey, 'roles'] as const;
export const meAddressesQueryKey = [...meRootKey, 'addresses'] as const;
export const meCompaniesQueryKey = [...meRootKey, 'companies'] as const;
export const sessionCheckQueryKey = ['session', 'check'] as const;

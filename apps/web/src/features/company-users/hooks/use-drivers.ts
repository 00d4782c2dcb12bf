import type { CompanyUser, DriverInfo } from '@courier/contract';
import { useMemo } from 'react';
import { useDriverInfo } from '../api/list-driver-info';
import { useDriverUuids } from '../api/list-driver-uuids';
import { useCompanyUsers } from '../api/list-users';

export interface DriverRow {
  user: CompanyUser;
  info: DriverInfo | undefined;
}

/**
 * The drivers as the spec holds them (a uuid list, the users and the driver info), joined into rows by name.
 * Loading or failing is that of any of the three calls.
 */
export function useDrivers(slug: string) {
  const uuids = useDriverUuids(slug);
  const users = useCompanyUsers(slug);
  const info = useDriverInfo(slug);
  const rows = useMemo(() => {
    if (!uuids.data || !users.data || !info.data) return undefined;
    return uuids.data
      .flatMap((uuid): DriverRow[] => {
        const user = users.data[uuid];
        return user ? [{ user, info: info.data[uuid] }] : [];
      })
      .sort((a, b) =>
        `${a.user.firstname} ${a.user.lastname}`.localeCompare(`${b.user.firstname} ${b.user.lastname}`),
      );
  }, [uuids.data, users.data, info.data]);
  const error = uuids.error ?? users.error ?? info.error;
  const refetch = () => Promise.all([uuids.refetch(), users.refetch(), info.refetch()]);
  return {
    rows,
    error,
    isPending: rows === undefined && !error,
    isFetching: uuids.isFetching || users.isFetching || info.isFetching,
    refetch,
  };
}

import { API_KEY_SCOPE_LABELS, type ApiKey } from '@courier/contract';
import { Badge, Group } from '@mantine/core';
import { formatDate, formatDateTime } from '../../../lib/date-format';

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/** A revoked key stays revoked; an unrevoked one past its expiry is refused as well, so it reads as expired. */
export function statusOf(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = Date.now()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}

const STATUS = {
  active: { label: 'Active', color: 'teal' },
  expired: { label: 'Expired', color: 'orange' },
  revoked: { label: 'Revoked', color: 'gray' },
} as const;

export function ApiKeyStatusBadge({ status }: { status: ApiKeyStatus }) {
  return (
    <Badge variant="dot" color={STATUS[status].color} tt="none">
      {STATUS[status].label}
    </Badge>
  );
}

export function ScopeBadges({ scopes }: { scopes: ApiKey['scopes'] }) {
  return (
    <Group gap={4}>
      {scopes.map((scope) => (
        <Badge key={scope} variant="light" color="gray" tt="none" fw={500}>
          {API_KEY_SCOPE_LABELS[scope]}
        </Badge>
      ))}
    </Group>
  );
}

/** The part of the secret kept in clear, so a key can be told apart from the one a client system holds. */
export const shownPrefix = (key: Pick<ApiKey, 'prefix'>) => `${key.prefix}…`;

export const rateOf = (key: Pick<ApiKey, 'ratePerSecond'>) => `${key.ratePerSecond}/s`;

export const expiryOf = (key: Pick<ApiKey, 'expiresAt'>) =>
  key.expiresAt ? formatDate(key.expiresAt) : 'Never';

export function createdOf(key: Pick<ApiKey, 'createdAt' | 'createdByFirstName'>): string {
  const date = formatDate(key.createdAt);
  return key.createdByFirstName ? `${date} by ${key.createdByFirstName}` : date;
}

/** When the key last made a call, and from where; null when it never has. */
export function lastUseOf(
  key: Pick<ApiKey, 'lastUsedAt' | 'lastUsedAddress'>,
): { when: string; from: string | null } | null {
  if (!key.lastUsedAt) return null;
  return { when: formatDateTime(key.lastUsedAt), from: key.lastUsedAddress };
}

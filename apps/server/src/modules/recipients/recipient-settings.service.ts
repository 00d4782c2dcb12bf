import {
  DEFAULT_RECIPIENT_TEMPLATES,
  RECIPIENT_MESSAGE_KINDS,
  RECIPIENT_MESSAGES,
  type RecipientMessageKind,
  type RecipientMessageSettings,
  type RecipientTemplate,
  type UpdateRecipientMessageSettingsBody,
} from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import {
  deleteTemplates,
  findSettingsRow,
  listTemplateRows,
  upsertSettings,
  upsertTemplates,
} from './recipients.queries.js';

/** A company's choices as the messages read them: its rows where it has them, else the defaults. */
export interface CompanyMessageChoices {
  arrivingSoonMinutes: number;
  quietFrom: string;
  quietUntil: string;
  sendAtNight: boolean;
  templates: Record<RecipientMessageKind, RecipientTemplate & { isDefault: boolean }>;
}

export async function loadMessageChoices(db: DbOrTx, companyId: string): Promise<CompanyMessageChoices> {
  const [settings, rows] = await Promise.all([
    findSettingsRow(db, companyId),
    listTemplateRows(db, companyId),
  ]);
  const own = new Map(rows.map((r) => [r.kind, r]));
  const templates = Object.fromEntries(
    RECIPIENT_MESSAGE_KINDS.map((kind) => {
      const row = own.get(kind);
      return [
        kind,
        row
          ? {
              channels: row.channels,
              smsBody: row.smsBody,
              emailSubject: row.emailSubject,
              emailBody: row.emailBody,
              isDefault: false,
            }
          : { ...DEFAULT_RECIPIENT_TEMPLATES[kind], isDefault: true },
      ];
    }),
  ) as CompanyMessageChoices['templates'];
  return {
    arrivingSoonMinutes: settings?.arrivingSoonMinutes ?? RECIPIENT_MESSAGES.arrivingSoonMinutesDefault,
    quietFrom: settings?.quietFrom ?? RECIPIENT_MESSAGES.quietFromDefault,
    quietUntil: settings?.quietUntil ?? RECIPIENT_MESSAGES.quietUntilDefault,
    sendAtNight: settings?.sendAtNight ?? false,
    templates,
  };
}

export interface Transports {
  smsProvider: 'twilio' | 'outbox';
  emailTransport: 'smtp' | 'outbox';
}

export async function getRecipientMessageSettings(
  db: DbOrTx,
  company: { id: string; countryCode: string | null },
  transports: Transports,
): Promise<RecipientMessageSettings> {
  const choices = await loadMessageChoices(db, company.id);
  return {
    arrivingSoonMinutes: choices.arrivingSoonMinutes,
    quietFrom: choices.quietFrom,
    quietUntil: choices.quietUntil,
    sendAtNight: choices.sendAtNight,
    templates: RECIPIENT_MESSAGE_KINDS.map((kind) => ({ kind, ...choices.templates[kind] })),
    ...transports,
    defaultCountry: company.countryCode ?? 'GB',
  };
}

const sameAsDefault = (kind: RecipientMessageKind, t: RecipientTemplate) => {
  const d = DEFAULT_RECIPIENT_TEMPLATES[kind];
  return (
    d.channels === t.channels &&
    d.smsBody === t.smsBody &&
    d.emailSubject === t.emailSubject &&
    d.emailBody === t.emailBody
  );
};

/**
 * Saves the company's choices in one transaction. A template equal to the default is not kept (so a later change of
 * the product's default words reaches it); a kind the body leaves out keeps what it had.
 */
export async function updateRecipientMessageSettings(
  db: DbOrTx,
  company: { id: string; countryCode: string | null },
  body: UpdateRecipientMessageSettingsBody,
  transports: Transports,
): Promise<RecipientMessageSettings> {
  await db.transaction(async (tx) => {
    await upsertSettings(tx, company.id, {
      arrivingSoonMinutes: body.arrivingSoonMinutes,
      quietFrom: body.quietFrom,
      quietUntil: body.quietUntil,
      sendAtNight: body.sendAtNight,
    });
    const templates = body.templates.map((t) => ({
      kind: t.kind,
      channels: t.channels,
      smsBody: t.smsBody,
      emailSubject: t.emailSubject,
      emailBody: t.emailBody,
    }));
    await deleteTemplates(
      tx,
      company.id,
      templates.filter((t) => sameAsDefault(t.kind, t)).map((t) => t.kind),
    );
    await upsertTemplates(
      tx,
      company.id,
      templates.filter((t) => !sameAsDefault(t.kind, t)),
    );
  });
  return getRecipientMessageSettings(db, company, transports);
}

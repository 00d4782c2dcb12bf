import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { companies } from './identity.schema.js';

export const clients = pgTable(
  'clients',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clients_company_name_idx').on(t.companyId, sql`lower(${t.companyName})`)],
);

export const clientContacts = pgTable(
  'client_contacts',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('client_contacts_client_idx').on(t.clientId)],
);

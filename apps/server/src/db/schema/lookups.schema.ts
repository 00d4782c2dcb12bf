import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/** Company types (shipper, courier). Rows seeded by migrations. */
export const companyTypes = pgTable('company_types', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Roles (platform-admin, company-admin, driver) with their permission strings. Rows seeded by migrations. */
export const roles = pgTable('roles', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

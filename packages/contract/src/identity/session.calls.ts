import { z } from 'zod';
import { SESSION_CHECK_PATH } from '../constants.js';
import {
  AddressSchema,
  CompanySchema,
  LoginResponseSchema,
  RoleSchema,
  UserSchema,
} from './users.entities.js';
import { defineCall } from '../api/define-call.js';
import {
  LoginBodySchema,
  UpdateNameBodySchema,
  UpdateEmailBodySchema,
  UpdatePhoneNumbersBodySchema,
  UpdatePasswordBodySchema,
  EmailJoinBodySchema,
  HealthSchema,
  MessageDataSchema,
  JoinResultSchema,
} from './session.schemas.js';

export const sessionCalls = {
  health: defineCall({
    method: 'GET',
    path: '/health',
    summary: 'Readiness: the process and its database answer',
    data: HealthSchema,
  }),
  live: defineCall({
    method: 'GET',
    path: '/health/live',
    summary: 'Liveness: the process answers (no database work)',
    data: z.object({ status: z.literal('ok') }),
  }),
  login: defineCall({
    method: 'POST',
    path: '/login',
    summary: 'Sign in with e-mail and password; starts a session and can issue a Bearer token',
    body: LoginBodySchema,
    data: LoginResponseSchema,
  }),
  logout: defineCall({ method: 'POST', path: '/logout', summary: 'Sign out', data: MessageDataSchema }),
  me: defineCall({ method: 'GET', path: '/me', summary: 'The signed-in user', data: UserSchema }),
  meCheck: defineCall({
    method: 'GET',
    path: SESSION_CHECK_PATH,
    summary: 'Session check',
    data: z.object({ valid: z.literal(true) }),
  }),
  meRoles: defineCall({
    method: 'GET',
    path: '/me/role',
    summary: "The user's roles",
    data: z.array(RoleSchema),
  }),
  meAddresses: defineCall({
    method: 'GET',
    path: '/me/address',
    summary: "The user's addresses",
    data: z.array(AddressSchema),
  }),
  meCompanies: defineCall({
    method: 'GET',
    path: '/me/company',
    summary: "The user's companies",
    data: z.array(CompanySchema),
  }),
  updateName: defineCall({
    method: 'POST',
    path: '/me/name',
    summary: 'Change name',
    body: UpdateNameBodySchema,
    data: UserSchema,
  }),
  updateEmail: defineCall({
    method: 'POST',
    path: '/me/email',
    summary:
      'Ask to change the sign-in e-mail (current password required); it changes once the new address confirms it',
    body: UpdateEmailBodySchema,
    data: UserSchema,
    errors: [409],
  }),
  updatePhoneNumbers: defineCall({
    method: 'POST',
    path: '/me/phonenumber',
    summary: 'Replace phone numbers',
    body: UpdatePhoneNumbersBodySchema,
    data: UserSchema,
  }),
  updatePassword: defineCall({
    method: 'POST',
    path: '/me/password',
    summary: 'Change password (current password required)',
    body: UpdatePasswordBodySchema,
    data: MessageDataSchema,
  }),
  emailJoin: defineCall({
    method: 'POST',
    path: '/email/join',
    summary: 'Join the mailing list',
    body: EmailJoinBodySchema,
    data: JoinResultSchema,
  }),
};

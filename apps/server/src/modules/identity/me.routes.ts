import { sessionCalls } from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { presentCompany } from './companies.presenter.js';
import { listCompaniesOfUser } from './companies.queries.js';
import { listUserAddresses, updateUser } from './users.queries.js';
import { loadUser } from './users.service.js';
import { findMeCaller, type MeLoaded } from './me.queries.js';
import { presentUser } from './users.presenter.js';
import { presentAddress } from '../directory/index.js';
import { changePassword, listMyRoles, setPhoneNumbers } from './me.service.js';
import { emailChangeRoutes } from './email-change.routes.js';
import type { MailQueue } from '../mail/index.js';

function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function meRoutes(app: FastifyInstance, mail: MailQueue): void {
  const db = app.database.db;

  // The auth hook runs `findMeCaller` for this route: the session, the user and the phone numbers in one round trip.
  registerCall(
    app,
    sessionCalls.me,
    async ({ request }) => {
      const { userId } = authOf(request);
      const loaded = request.callerLoaded as MeLoaded | null;
      if (loaded?.user.id !== userId) return { data: await loadUser(db, userId) };
      return { data: presentUser(loaded.user, { phoneNumbers: loaded.phoneNumbers }) };
    },
    { callerLookup: findMeCaller },
  );

  registerCall(app, sessionCalls.meCompanies, async ({ request }) => {
    const rows = await listCompaniesOfUser(db, authOf(request).userId);
    return { data: rows.map(presentCompany) };
  });

  registerCall(app, sessionCalls.meAddresses, async ({ request }) => {
    const rows = await listUserAddresses(db, authOf(request).userId);
    return { data: rows.map(presentAddress) };
  });

  registerCall(app, sessionCalls.meRoles, async ({ request }) => ({
    data: await listMyRoles(db, authOf(request)),
  }));

  registerCall(app, sessionCalls.updateName, async ({ request, body }) => {
    const { userId } = authOf(request);
    await updateUser(db, userId, { firstname: body.firstname, lastname: body.lastname });
    return { data: await loadUser(db, userId), message: 'Name Changed Successfully' };
  });

  emailChangeRoutes(app, mail);

  registerCall(app, sessionCalls.updatePhoneNumbers, async ({ request, body }) => {
    const { userId } = authOf(request);
    await setPhoneNumbers(db, { userId, body });
    return { data: await loadUser(db, userId), message: 'Phone numbers saved successfully' };
  });

  registerCall(
    app,
    sessionCalls.updatePassword,
    async ({ request, body }) => {
      const auth = authOf(request);
      await changePassword(db, { userId: auth.userId, sessionId: auth.sessionId, body });
      return { data: { message: 'Password Changed Successfully' } };
    },
    {
      // It checks the current password: as many tries as a sign-in, per account over all its sessions, so a
      // stolen session is not a way to guess the password (and take the account) at the API's general rate.
      rateLimit: {
        max: app.config.LOGIN_RATE_LIMIT_MAX,
        keyGenerator: (request) => `password-change:${request.auth?.userId ?? request.ip}`,
      },
    },
  );
}

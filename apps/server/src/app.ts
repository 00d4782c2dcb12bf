import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { LIMITS } from '@courier/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { logSerializers, OneLinePerRequest } from './lib/log-serializers.js';
import { localDiskStorage, type FileStorage } from './lib/storage/storage.js';
import { osrmEstimator, straightLineEstimator } from './lib/routing/routing.js';
import { calendarRoutes } from './modules/calendar/index.js';
import {
  deliveryEditRoutes,
  deliveryRoutes,
  driverDeliveryRoutes,
  parcelRoutes,
  rerouteJob,
  stepsFollowPlacedAddresses,
} from './modules/deliveries/index.js';
import { clientRoutes, directoryAddressRoutes } from './modules/directory/index.js';
import { proofRoutes } from './modules/documents/index.js';
import { fleetRoutes, vehicleRoutes } from './modules/fleet/index.js';
import {
  companyLogoRoute,
  companyProfileRoutes,
  emailVerificationRoutes,
  lockRoutes,
  meRoutes,
  passwordResetLinkJob,
  passwordResetRoutes,
  purgeExpiredJob,
  sessionRoutes,
  loadSessionState,
} from './modules/identity/index.js';
import { createMailer, mailQueue, mailRoutes, mailSendJob, type Mailer } from './modules/mail/index.js';
import { ACCESS_NOTICE_CHANNEL, parseAccessNotice } from './db/access-notices.js';
import { JobRunner } from './db/jobs/job-runner.js';
import {
  adminStreamRoutes,
  driverStreamRoutes,
  eventsConsumeJob,
  eventsPurgeJob,
  startLive,
  type StreamSettings,
} from './modules/live/index.js';
import { lookupRoutes } from './modules/lookups/index.js';
import { chooseBaseMap, mapCspOrigins, mapRoutes } from './modules/map/index.js';
import { pacedGeocoder, placesGeocodeJob, placesPurgeJob, placesRoutes } from './modules/places/index.js';
import { createGeocoder } from './lib/geocoding/create-geocoder.js';
import type { Geocoder } from './lib/geocoding/geocoder.js';
import { APP_VERSION } from './config/version.js';
import {
  adminUserRoutes,
  companyUserRoutes,
  driverRoutes,
  invitationAdminRoutes,
  invitationRoutes,
} from './modules/memberships/index.js';
import { labelRoutes } from './modules/labels/index.js';
import { noteRoutes } from './modules/notes/index.js';
import { messageRoutes } from './modules/messages/index.js';
import { expireAuctionsJob, marketplaceRoutes } from './modules/marketplace/index.js';
import {
  notificationMailJob,
  notificationRoutes,
  notificationsConsumer,
  notificationSweepJob,
} from './modules/notifications/index.js';
import { signUpRoutes } from './modules/signup/index.js';
import {
  arrivingSoonJob,
  recipientCompanyRoutes,
  recipientPublicRoutes,
  recipientsConsumer,
  recipientsSendJob,
} from './modules/recipients/index.js';
import { createSmsProvider } from './lib/sms/create-sms-provider.js';
import {
  etasConsumer,
  etasJob,
  positionCompanyRoutes,
  retimeJob,
  positionDriverRoutes,
  trackingRoutes,
} from './modules/positions/index.js';
import {
  contactRoutes,
  createMetrics,
  healthRoutes,
  jobRoutes,
  mailingListRoutes,
  metricsRoutes,
  supportRoutes,
} from './modules/platform/index.js';
import {
  apiKeyRoutes,
  webhookRoutes,
  webhooksConsumer,
  webhooksPurgeJob,
  webhooksSendJob,
} from './modules/integrations/index.js';
import {
  autoAssignConsumer,
  planningAutoAssignJob,
  planningRoutes,
  planningSetup,
  planningSolveJob,
} from './modules/planning/index.js';
import { authPlugin } from './plugins/auth.plugin.js';
import { csrfCookieRoute, csrfPlugin } from './plugins/csrf.plugin.js';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.js';
import { hostileInputPlugin } from './plugins/hostile-input.plugin.js';
import { idempotencyPlugin } from './plugins/idempotency.plugin.js';
import { openApiPlugin } from './plugins/openapi.plugin.js';
import { purgeRateLimitsJob } from './plugins/rate-limit.jobs.js';
import { rateLimitPlugin, type RateLimitPluginOptions } from './plugins/rate-limit.plugin.js';
import { spaPlugin } from './plugins/spa.plugin.js';
import { companyScope, driverScope, platformScope } from './plugins/tenancy.plugin.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Folder of the built web app; empty to serve the API only. */
  webDistDir?: string;
  logger?: boolean;
  /** Where log lines go; standard output unless given (tests read them). */
  logStream?: { write(line: string): void };
  /** Where uploads go; local disk under FILES_DIR unless given. */
  storage?: FileStorage;
  /** The live streams' timings and limits (tests shorten the heartbeat). */
  live?: Partial<StreamSettings>;
  /** Where mail goes; SMTP_URL's server, else the database's outbox, unless given. */
  mailer?: Mailer;
  /** The geocoder; GEOCODER's, paced at its rate, unless given. */
  geocoder?: Geocoder;
  /** The job runner's timings (tests poll often and retry mail at once). */
  jobs?: {
    pollingIntervalSeconds?: number;
    mailRetryDelaySeconds?: number;
    /** Seconds before a recipient message's first retry (tests: 1). */
    recipientRetryDelaySeconds?: number;
    /** The webhooks' retry schedule (tests: fractions of a second). */
    webhookRetryDelaysSeconds?: readonly number[];
  };
  /** The rate limits' timings (tests merge the general limit's counts more often). */
  rateLimits?: RateLimitPluginOptions;
}

/** The whole application as one Fastify instance; `server.ts` only opens the database and listens. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'req.headers["x-xsrf-token"]',
              'res.headers["set-cookie"]',
            ],
            // Request lines without query string, body or address, errors without SQL parameters: the log must
            // not become a copy of the personal data it handles (lib/log-serializers.ts).
            serializers: logSerializers,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    // One line per request, when it is answered, instead of Fastify's two (issue 39).
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // `__proto__` (and `constructor.prototype`) in a JSON body is dropped at parse, so it can pollute nothing, and
    // the request goes on like one with any other unknown key, which the contract's schemas strip (decision 014).
    // Fastify's default answered "Body is not valid JSON" to valid JSON.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  app.decorate('config', config);
  app.decorate('database', opts.database);
  app.decorate('storage', opts.storage ?? localDiskStorage(config.filesDir));
  app.decorate('routeEstimator', config.OSRM_URL ? osrmEstimator(config.OSRM_URL) : straightLineEstimator());
  const mailer =
    opts.mailer ??
    createMailer({
      db: opts.database.db,
      smtpUrl: config.SMTP_URL,
      from: config.mailFrom,
      logBodies: config.NODE_ENV === 'development',
      log: app.log,
    });
  // Work after a request is a job sent in its transaction (decision 055): mail, notification e-mails, sweeps.
  const jobs = new JobRunner(opts.database, {
    log: app.log,
    ...(opts.jobs?.pollingIntervalSeconds !== undefined
      ? { pollingIntervalSeconds: opts.jobs.pollingIntervalSeconds }
      : {}),
  });
  app.decorate('jobs', jobs);
  const mail = mailQueue(jobs);
  const mailSetup = { mail, appUrl: config.appUrl };
  const db = opts.database.db;
  jobs.define(mailSendJob(mailer, opts.jobs?.mailRetryDelaySeconds));
  jobs.define(passwordResetLinkJob(db, mailSetup));
  jobs.define(purgeExpiredJob(db));
  jobs.define(notificationMailJob(db, mailSetup));
  jobs.define(notificationSweepJob(db));
  jobs.define(expireAuctionsJob(db));
  jobs.define(purgeRateLimitsJob(db));
  // A dispatcher's optimisation (issue 35): solved by a job, in a worker thread or by VROOM.
  const planning = planningSetup(config, app.log);
  jobs.define(planningSolveJob(db, planning.travel, planning.solver));
  jobs.define(planningAutoAssignJob(db, planning.travel));
  // Recorded events' consumers, after the change has committed (the events outbox, decision 055).
  jobs.define(
    eventsConsumeJob(db, [
      notificationsConsumer,
      webhooksConsumer,
      autoAssignConsumer(jobs),
      recipientsConsumer(jobs, config.appUrl),
      etasConsumer(jobs),
    ]),
  );
  // The one ETA per stop (decision 073): everyone out every minute, and the drivers of a delivery that moved.
  jobs.define(etasJob(db, planning.travel));
  jobs.define(retimeJob(db, planning.travel));
  // Messages to recipients (issue 36): text messages through Twilio (or the outbox), e-mail through the mailer.
  const sms = createSmsProvider(config);
  jobs.define(
    recipientsSendJob({ db, sms, mailer, appUrl: config.appUrl }, opts.jobs?.recipientRetryDelaySeconds),
  );
  jobs.define(arrivingSoonJob(db, jobs, config.appUrl));
  const messageTransports = {
    smsProvider: sms ? ('twilio' as const) : ('outbox' as const),
    emailTransport: mailer.kind,
  };
  // The webhooks' messages (decision 066), sent in order per delivery, retried for about a day.
  jobs.define(
    webhooksSendJob(db, {
      allowPrivateTargets: config.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      ...(opts.jobs?.webhookRetryDelaysSeconds
        ? { retryDelaysSeconds: opts.jobs.webhookRetryDelaysSeconds }
        : {}),
    }),
  );
  jobs.define(webhooksPurgeJob(db));
  jobs.define(eventsPurgeJob(db));
  jobs.define(placesPurgeJob(db));
  jobs.define(rerouteJob(db, app.routeEstimator));
  app.addHook('onReady', () => jobs.start());
  // Running jobs finish (or are left to be retried) before the database closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });
  app.decorateRequest('tenant', null);
  const baseMap = chooseBaseMap(config, (fields, message) => app.log.warn(fields, message));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  // A style URL's tiles, sprites and glyphs come over https (allowed below); a plain-http one is named.
  const mapOrigins = mapCspOrigins(config);
  await app.register(helmet, {
    // Scripts only from our own files: neither the SPA nor the API reference UI has an inline script. Styles may be
    // inline (Mantine sets style attributes).
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...mapOrigins],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:', ...mapOrigins],
        // A MapLibre style may declare font files (`font-faces`) on its own host.
        fontSrc: ["'self'", 'data:', 'https:', ...mapOrigins],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent below, and only over https: over plain http it would tell a browser to expect a TLS that is not there.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers carry personal data: no cache keeps them unless the route says otherwise (lookups, files, tiles).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
  });
  await app.register(cookie);
  // Each upload route sets its own, smaller limit; this is the ceiling.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.documentBytesMax, files: 1, fields: 10, parts: 12 },
  });
  // Counted across the server processes, in the database or Redis (decision 058).
  await app.register(rateLimitPlugin, opts.rateLimits ?? {});
  // Addresses written without a point are placed by the geocoder, at its rate across the processes (the rate
  // limits' shared counters); their steps follow (decision 060).
  const geocoder =
    opts.geocoder ?? pacedGeocoder(createGeocoder(config, APP_VERSION), { counters: app.sharedCounters });
  jobs.define(placesGeocodeJob(db, geocoder, [stepsFollowPlacedAddresses(jobs)]));
  await app.register(authPlugin);
  await app.register(csrfPlugin);
  await app.register(hostileInputPlugin);
  // Registered after auth, CSRF and the hostile-input check (what they refuse claims no key); its hook is the last of
  // each write route's preValidation hooks, after the scopes' policy hooks (decision 057), before validation, the rate
  // limit and the handlers (what they answer is kept with the key).
  await app.register(idempotencyPlugin);
  // JSON, CSV and the types the mime database calls compressible, 1 KB and more, go compressed to a client that
  // accepts it (brotli at quality 4, or gzip): lookup lists, pages, the API document (decision 054). Registered after
  // the idempotency plugin, so a kept answer is the plain one (each route's compression runs after the app's own
  // onSend hooks). Answers compressed already (a cached page's ready bytes, the precompressed web app) go as they are;
  // Server-Sent Events are hijacked and never pass here. Request bodies are not decompressed: no client sends them
  // compressed, and it is one less door.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.-]+\+)?json(?:;|$)|^text\/csv(?:;|$)/,
    globalDecompression: false,
  });
  await app.register(openApiPlugin);
  csrfCookieRoute(app);

  // The live stream's hub for this process (decision 023); streams end before the server stops listening.
  // Prometheus metrics, when asked for (METRICS=true, decision 055).
  const metrics = config.METRICS ? createMetrics({ jobs, database: opts.database }) : null;
  if (metrics) metricsRoutes(app, metrics, config.METRICS_TOKEN);
  const live = await startLive({
    config,
    database: opts.database,
    ...(opts.live ? { settings: opts.live } : {}),
    onError: (err) => app.log.warn({ err }, 'live stream bus'),
    ...(metrics ? { observeLag: (s: number) => metrics.observeLag(s) } : {}),
  });
  app.decorate('live', live);
  app.addHook('preClose', () => live.hub.close());
  // A write that takes access away (a sign-out, a lock, a member removed) ends that user's or session's streams on
  // every process at once (db/access-notices.ts); after a reconnect every stream checks, a notice may be lost.
  app.addHook('onReady', () =>
    jobs.listen(
      ACCESS_NOTICE_CHANNEL,
      (payload) => {
        const notice = parseAccessNotice(payload);
        if (notice) live.hub.accessChanged(notice);
      },
      () => live.hub.accessChanged('all'),
    ),
  );

  await app.register(
    async (api) => {
      healthRoutes(api);
      sessionRoutes(api);
      passwordResetRoutes(api);
      signUpRoutes(api, mail);
      emailVerificationRoutes(api, mail);
      invitationRoutes(api);
      meRoutes(api, mail);
      lockRoutes(api);
      notificationRoutes(api);
      mailingListRoutes(api);
      contactRoutes(api, mail);
      supportRoutes(api);
      lookupRoutes(api);
      companyLogoRoute(api);
      trackingRoutes(api, live, planning.travel);
      await recipientPublicRoutes(api, sms);
      await mapRoutes(api, baseMap);
      placesRoutes(api, geocoder);
      await companyScope(api, (scope) => {
        adminUserRoutes(scope);
        vehicleRoutes(scope);
        fleetRoutes(scope);
        driverRoutes(scope, mailSetup);
        companyUserRoutes(scope, mailSetup);
        invitationAdminRoutes(scope, mailSetup);
        clientRoutes(scope);
        directoryAddressRoutes(scope);
        companyProfileRoutes(scope);
        deliveryRoutes(scope);
        deliveryEditRoutes(scope);
        parcelRoutes(scope);
        noteRoutes(scope);
        messageRoutes(scope);
        proofRoutes(scope);
        labelRoutes(scope);
        calendarRoutes(scope);
        positionCompanyRoutes(scope, planning.travel);
        marketplaceRoutes(scope);
        adminStreamRoutes(scope, live);
        apiKeyRoutes(scope);
        webhookRoutes(scope);
        planningRoutes(scope, planning);
        recipientCompanyRoutes(scope, messageTransports);
      });
      await platformScope(api, (scope) => {
        mailRoutes(scope);
        jobRoutes(scope);
      });
      await driverScope(api, (scope) => {
        driverDeliveryRoutes(scope);
        positionDriverRoutes(scope, live, planning.travel);
        driverStreamRoutes(scope, live);
      });
    },
    { prefix: '/api/v1' },
  );

  await app.register(spaPlugin, {
    distDir: opts.webDistDir ?? '',
    sessionState: (auth) => loadSessionState(app.database.db, auth),
  });
  return app;
}

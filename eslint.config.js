import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Web features do not import each other: what two features share moves down to components/ or lib/.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@courier/server', '@courier/server/*', '**/apps/server/**'],
            message: 'The web app never imports the server.',
          },
          {
            regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((f) => f !== feature).join('|')})/`,
            message: 'Features do not import each other; move what they share to components/ or lib/.',
          },
        ],
      },
    ],
  },
}));

// Server domains (docs/decisions/017-server-domains.md): each may import the domains listed, through their index.ts
// only, and nothing else of modules/. The list is the dependency graph written down; it must stay acyclic and name
// every folder of apps/server/src/modules (both are checked here, so the lint cannot silently drift from the tree).
const SERVER_DOMAINS = {
  platform: ['mail'],
  mail: [],
  map: [],
  lookups: [],
  live: [],
  // Notifications consume the live domain's recorded events (its outbox, decision 055); live never calls them.
  notifications: ['live', 'mail'],
  documents: ['live'],
  // Geocoding (decision 060): a directory address written unplaced wakes the places' job.
  places: [],
  directory: ['places'],
  notes: ['live', 'notifications'],
  messages: ['documents', 'live'],
  calendar: [],
  // A proof's picture streamed to the recipient's tracking page (issue 36); the ETA timed by planning's evaluation.
  positions: ['documents', 'live', 'planning'],
  identity: ['directory', 'documents', 'mail'],
  memberships: ['identity', 'documents', 'live', 'mail'],
  fleet: ['lookups'],
  deliveries: ['directory', 'documents', 'live', 'lookups', 'memberships', 'notes', 'places'],
  marketplace: ['deliveries', 'live'],
  signup: ['identity', 'memberships', 'mail'],
  // API keys and webhooks (issue 34).
  integrations: ['deliveries', 'live', 'memberships', 'notifications'],
  // Parcel labels (issue 34, decision 067): they read deliveries through access/, no domain of their own.
  labels: [],
  // Dispatch and route optimisation (issue 35, decision 070): plans are applied through the deliveries' assignment.
  planning: ['deliveries', 'fleet', 'live', 'memberships', 'places'],
  // Messages to recipients (issue 36, decision 071): made from the live domain's events, e-mail through mail.
  // "Arriving soon" and {eta} read the stop's one stored ETA (stop_etas, decision 073), not a computation of their own.
  recipients: ['live', 'mail'],
};
const serverDomainFolders = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const undeclared = serverDomainFolders.filter((d) => !(d in SERVER_DOMAINS));
const missing = Object.keys(SERVER_DOMAINS).filter((d) => !serverDomainFolders.includes(d));
if (undeclared.length || missing.length) {
  throw new Error(
    `eslint.config.js SERVER_DOMAINS and apps/server/src/modules differ: ${[...undeclared.map((d) => `${d} not declared`), ...missing.map((d) => `${d} has no folder`)].join(', ')}.`,
  );
}
/** Throws when a folder graph (SERVER_DOMAINS, CONTRACT_FOLDERS) names an unknown folder or has a cycle. */
function assertAcyclic(graph, name) {
  const state = {};
  const visit = (node, path) => {
    if (state[node] === 'done') return;
    if (state[node] === 'open') throw new Error(`${name} has a cycle: ${[...path, node].join(' -> ')}.`);
    state[node] = 'open';
    for (const dep of graph[node] ?? []) {
      if (!(dep in graph)) throw new Error(`${name}.${node} names an unknown folder ${dep}.`);
      visit(dep, [...path, node]);
    }
    state[node] = 'done';
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(SERVER_DOMAINS, 'SERVER_DOMAINS');

// The contract's folders (issue 31): each may import the folders listed (and the root files: common, params,
// constants…), nothing else; checked acyclic and against the tree like the server's domains. `access` (the matrix
// over every call) and `openapi` (every call's operation id) sit on top; `api` (how a call is defined) at the bottom.
const CONTRACT_LEAVES = ['documents', 'fleet', 'mail', 'map', 'messages', 'notes', 'places'];
const CONTRACT_FOLDERS = {
  api: [],
  web: ['api'],
  ...Object.fromEntries(CONTRACT_LEAVES.map((f) => [f, ['api']])),
  // An address's place status and how it was placed (issue 32) are the places folder's.
  directory: ['api', 'places'],
  identity: ['api', 'places'],
  platform: ['api'],
  // A webhook's payload carries the delivery, and the auction's change (issue 34).
  integrations: ['api', 'deliveries', 'live'],
  tracking: ['api'],
  lookups: ['api', 'fleet'],
  memberships: ['api', 'fleet', 'identity'],
  // A driver's stop and the delivery page show the recipient's instructions (issue 36), written on the tracking page.
  deliveries: ['api', 'directory', 'documents', 'fleet', 'identity', 'lookups', 'notes', 'tracking'],
  calendar: ['api', 'deliveries'],
  // A message to a recipient moved (issue 36): its event carries the message's status.
  live: ['api', 'deliveries', 'recipients'],
  marketplace: ['api', 'deliveries'],
  notifications: ['api', 'live'],
  // The dispatch board (issue 35).
  planning: ['api'],
  // How a country writes dates and times (decision 064), read by the web app and the server's messages.
  dates: [],
  // Messages to recipients (issue 36).
  recipients: ['api'],
};
CONTRACT_FOLDERS.access = Object.keys(CONTRACT_FOLDERS);
CONTRACT_FOLDERS.openapi = Object.keys(CONTRACT_FOLDERS).filter((f) => f !== 'access');
{
  const folders = readdirSync(new URL('./packages/contract/src', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const differ = [
    ...folders.filter((f) => !(f in CONTRACT_FOLDERS)).map((f) => `${f} not declared`),
    ...Object.keys(CONTRACT_FOLDERS)
      .filter((f) => !folders.includes(f))
      .map((f) => `${f} has no folder`),
  ];
  if (differ.length)
    throw new Error(
      `eslint.config.js CONTRACT_FOLDERS and packages/contract/src differ: ${differ.join(', ')}.`,
    );
}
assertAcyclic(CONTRACT_FOLDERS, 'CONTRACT_FOLDERS');

const contractNoApps = [
  {
    group: ['@courier/server', '@courier/server/*', '@courier/web', '@courier/web/*'],
    message: 'The contract imports neither app.',
  },
  { group: ['**/apps/**'], message: 'The contract imports neither app.' },
];

const noWebFromServer = {
  group: ['@courier/web', '@courier/web/*', '**/apps/web/**'],
  message: 'The server never imports the web app.',
};
const oneOf = (names) => `(${names.join('|')})`;
const allDomains = Object.keys(SERVER_DOMAINS);
/** From a domain's file: another domain's file other than its index.ts. */
const throughIndexOnly = (domain) => ({
  regex: `^(\\.\\./)+(modules/)?${oneOf(allDomains.filter((d) => d !== domain))}/(?!index\\.js$)`,
  message: 'Another domain is reached only through its index.ts; export what you need there.',
});
/** From a domain's file: a domain it may not import (not in its SERVER_DOMAINS list). */
const domainGraph = (domain) => {
  const forbidden = allDomains.filter((d) => d !== domain && !SERVER_DOMAINS[domain].includes(d));
  return forbidden.length === 0
    ? []
    : [
        {
          regex: `^(\\.\\./)+(modules/)?${oneOf(forbidden)}/`,
          message: `The ${domain} domain may import ${SERVER_DOMAINS[domain].join(', ') || 'no other domain'} (SERVER_DOMAINS in eslint.config.js, decision 017); move the shared piece down or change the graph there.`,
        },
      ];
};
/** From app.ts, server.ts, seed/, cli/, test/ and tests outside modules/: a domain's file other than its index.ts. */
const modulesThroughIndex = {
  regex: '^(\\.\\.?/)+modules/[^/]+/(?!index\\.js$)',
  message: 'A domain is reached only through its index.ts; export what you need there.',
};
/** Handlers are HTTP only (conventions rule 3): SQL lives in *.queries.ts. */
const noSqlInRoutes = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message: 'No Drizzle in a *.routes.ts: put the statement in a *.queries.ts.',
  },
  {
    regex: '(^|/)db/schema(/|$)',
    message: 'No tables in a *.routes.ts: put the statement in a *.queries.ts.',
  },
];
/** Folders below the modules and what each may not import (everything above it). */
const ABOVE = ['modules', 'seed', 'cli', 'test'];
const SERVER_LAYERS = {
  config: ['lib', 'db', 'access', 'plugins', 'types', ...ABOVE],
  lib: ['config', 'db', 'access', 'plugins', 'types', ...ABOVE],
  db: ['access', 'plugins', 'types', ...ABOVE],
  access: ['plugins', 'types', ...ABOVE],
  types: ['plugins', ...ABOVE],
  plugins: ['types', ...ABOVE],
};
const layerBoundaries = Object.entries(SERVER_LAYERS).map(([layer, above]) => ({
  files: [`apps/server/src/${layer}/**`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          noWebFromServer,
          {
            regex: `^(\\.\\./)+(${oneOf(above)}/|(app|server)\\.js$)`,
            message: `${layer}/ sits below ${above.join(', ')} and app.ts: it never imports them (decision 017).`,
          },
        ],
      },
    ],
  },
}));
const serverRestrictions = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: [noWebFromServer, ...patterns] }],
});
const serverBoundaries = [
  ...layerBoundaries,
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/{seed,cli,test}/**', 'apps/server/src/**/*.test.ts'],
    rules: serverRestrictions([modulesThroughIndex]),
  },
  ...allDomains.flatMap((domain) => [
    {
      files: [`apps/server/src/modules/${domain}/**`],
      rules: serverRestrictions([throughIndexOnly(domain), ...domainGraph(domain)]),
    },
    {
      files: [`apps/server/src/modules/${domain}/**/*.routes.ts`],
      rules: serverRestrictions([throughIndexOnly(domain), ...domainGraph(domain), ...noSqlInRoutes]),
    },
  ]),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.config.js',
      // Generated by its test from the OpenAPI document (decision 038).
      'apps/server/openapi-client/openapi.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.config.ts', 'packages/*/*.config.ts', 'apps/server/*.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // The outside developer's client reads types its test generates (decision 038): absent until then, so lint reads it
  // without types, and the test type-checks it strictly against the generated ones.
  {
    files: ['apps/server/openapi-client/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Import boundaries: the contract is shared and imports neither app; the apps never import each other.
  {
    files: ['packages/contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: contractNoApps }] },
  },
  // A contract folder imports only the folders CONTRACT_FOLDERS gives it (tests may reach across).
  ...Object.entries(CONTRACT_FOLDERS).map(([folder, allowed]) => {
    const forbidden = Object.keys(CONTRACT_FOLDERS).filter((f) => f !== folder && !allowed.includes(f));
    return {
      files: [`packages/contract/src/${folder}/**`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...contractNoApps,
              ...(forbidden.length
                ? [
                    {
                      regex: `^\\.\\./${oneOf(forbidden)}/`,
                      message: `The contract's ${folder}/ may import ${allowed.join(', ') || 'no other folder'} (CONTRACT_FOLDERS in eslint.config.js): move the shared piece to a root file (params.ts, common.ts) or change the graph there.`,
                    },
                  ]
                : []),
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@courier/web', '@courier/web/*', '**/apps/web/**'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@courier/server', '@courier/server/*', '**/apps/server/**'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  // Jest-style asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by Vitest.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  ...featureBoundaries,
  ...serverBoundaries,
  // Only env.ts reads process.env on the server.
  {
    files: ['apps/server/src/**'],
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' },
      ],
    },
  },
);

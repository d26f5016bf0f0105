/**
 * Which way dependencies may point (checked by `npm run lint`): routes -> service -> repository -> db, the database
 * layer below every module, the shared package below both apps, and the web app apart from the server.
 */
module.exports = {
  forbidden: [
    {
      name: 'repository-not-above-db',
      comment: 'A repository talks to the database; services and routes call it, never the other way round.',
      severity: 'error',
      from: { path: '^apps/server/src/.+\\.repository\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'service-not-above-routes',
      comment: 'Routes call services; a service knows nothing of HTTP routes.',
      severity: 'error',
      from: { path: '^apps/server/src/.+\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'db-not-above-modules',
      comment:
        'db/ holds the client, the schema barrel and migrations; it may re-export the tables modules declare, and nothing else of theirs.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/modules/', pathNot: '\\.table\\.ts$' },
    },
    {
      name: 'module-not-into-other-repository',
      comment:
        "A module reaches another module through its service or its events, never its repository: composition files receive the other module's service from whoever created it.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$|\\.testing\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/.+\\.repository\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'module-not-into-other-table',
      comment:
        "Another module's tables are reached through the schema barrel (db/schema.ts), by the repositories and seeds that query them; a table may name another module's table for a foreign key.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$|\\.testing\\.ts$|\\.table\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/.+\\.table\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'shared-not-above-apps',
      comment: 'packages/shared is used by the server and the web app, so it imports neither.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-not-server',
      comment: 'The web app reaches the server over HTTP; shared types live in packages/shared.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './modules/demo/demo.module.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
  );
  const app = await buildApp({ config, database });
  if (config.demoData) await seedDemoData({ app, db: database.db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.warn({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // Starting leaves garbage an idle server would keep for hours: on a new embedded database, the spent WebAssembly
  // instances that created it (hundreds of MB). The start script exposes `gc` for this one full collection.
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`Learning Portal is running on ${config.publicUrl} (database: ${database.kind})`);
  if (!config.smtp) {
    console.log(
      config.devMailbox
        ? `No SMTP configured: mail is not delivered; admins read it at ${config.publicUrl}/dev/mailbox and each message is written to this log.`
        : 'No SMTP configured: mail is not delivered; each message (with its confirmation or reset link) is written to this log.',
    );
  }
}

await main();

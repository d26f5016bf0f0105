/**
 * Asks `check` every 20 ms until it holds, for what another instance or the database's notices bring about in a short
 * while; throws when `withinMs` passes first. Answers how long it took.
 */
export async function within(withinMs: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not within ${withinMs} ms`);
}

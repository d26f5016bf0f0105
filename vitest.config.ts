import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest leaves one core idle by default; the server tests spend much of their time waiting on the database,
    // so every core runs a test file. More workers than cores gain nothing: the database takes the rest of the CPU.
    maxWorkers: availableParallelism(),
  },
});

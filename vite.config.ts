import { fileURLToPath } from 'node:url'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Vitest runs without the React Router plugin, which does not work under it.
  plugins: process.env.VITEST ? [] : [tailwindcss(), reactRouter()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20000,
    hookTimeout: 30000,
  },
})

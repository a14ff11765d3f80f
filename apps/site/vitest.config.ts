import { defineConfig } from 'vitest/config'

// Next compiles JSX itself (tsconfig `jsx: preserve`); the component tests need React's runtime.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
})

/**
 * `sanity dev` runs Vite 7 (nested under @sanity/cli), but npm hoists @vitejs/plugin-react next to
 * vitest's Vite 8, so the plugin picks Vite 8's native (rolldown) React-refresh wrapper and the dev
 * server fails with "Missing field `moduleType`". This keeps the plugin's JavaScript wrapper, which
 * is what it uses with Vite 7 anyway. Harmless when the versions already match.
 */
type Plugin = {
  name?: string
  transform?: unknown
  applyToEnvironment?: (this: unknown, env: unknown) => unknown
}
type PluginOption = Plugin | PluginOption[] | false | null | undefined

const REFRESH_WRAPPER = 'vite:react:refresh-wrapper'

function patch(plugins: PluginOption[] | undefined): void {
  for (const plugin of plugins ?? []) {
    if (Array.isArray(plugin)) patch(plugin)
    else if (plugin && plugin.name === REFRESH_WRAPPER && plugin.applyToEnvironment) {
      const original = plugin.applyToEnvironment
      const transform = plugin.transform
      plugin.applyToEnvironment = async function (env) {
        const result = await original.call(this, env)
        if (result && typeof result === 'object') {
          plugin.transform = transform
          return true
        }
        return result
      }
    }
  }
}

export function viteCompat<T extends { plugins?: unknown }>(config: T): T {
  patch(config.plugins as PluginOption[] | undefined)
  return config
}

// The machine's Chromium (Debian's package; never a downloaded one) and the flags the perf scripts
// launch it with: no sandbox (CI runs as root) and no background traffic of its own in the figures.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

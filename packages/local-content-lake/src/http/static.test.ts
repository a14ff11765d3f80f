import { describe, expect, it } from 'vitest'
import { withoutRemoteResources } from './static.js'

describe('the Studio page as the lake serves it', () => {
  it('loads no script or font from another origin and keeps everything else', () => {
    const page = `<head><script src="https://core.sanity-cdn.com/bridge.js" async type="module" data-sanity-core></script>
<script>var a = 1</script><script type="module" src="/static/sanity-ab12.js"></script>
<style>
  @font-face {
    font-family: Inter;
    src: url("https://studio-static.sanity.io/Inter-Regular.woff2") format("woff2");
  }
  @font-face { font-family: Local; src: url("/static/local.woff2") format("woff2"); }
  body { margin: 0; }
</style></head>`
    const served = withoutRemoteResources(page)
    expect(served).not.toMatch(/https?:\/\//)
    expect(served).toContain('<script>var a = 1</script>')
    expect(served).toContain('<script type="module" src="/static/sanity-ab12.js"></script>')
    expect(served).toContain('font-family: Local')
    expect(served).toContain('body { margin: 0; }')
  })
})

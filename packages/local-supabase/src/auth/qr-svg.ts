import QRCode from 'qrcode'

/** GoTrue's goqrsvg settings: 3-unit modules, high error correction, a 4-module quiet zone. */
const BLOCK = 3
const BORDER = BLOCK * 4

/**
 * The enrollment QR code as GoTrue sends it: a bare SVG document (auth-js prefixes
 * `data:image/svg+xml;utf-8,` itself). Colours are named, never `#rrggbb`: the client puts the
 * SVG into a data URI unescaped, where a `#` would cut the image off.
 */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'H' })
  const width = modules.size * BLOCK + BORDER * 2
  // One path for the dark modules on a white square: goqrsvg's rect-per-module is ~300 kB here.
  const dark: string[] = []
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col))
        dark.push(`M${BORDER + col * BLOCK} ${BORDER + row * BLOCK}h${BLOCK}v${BLOCK}h-${BLOCK}z`)
    }
  }
  const side = modules.size * BLOCK
  return `<?xml version="1.0"?>\n<svg width="${width}" height="${width}" xmlns="http://www.w3.org/2000/svg">\n<rect x="${BORDER}" y="${BORDER}" width="${side}" height="${side}" style="fill:white;stroke:none" />\n<path d="${dark.join('')}" style="fill:black;stroke:none" />\n</svg>\n`
}

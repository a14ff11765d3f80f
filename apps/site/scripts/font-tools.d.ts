// The two font packages ship no types; these are the calls the font scripts make.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt'
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
    },
  ): Promise<Buffer>
}

declare module 'fontverter' {
  const fontverter: {
    convert(font: Uint8Array, format: 'woff2' | 'woff' | 'truetype' | 'sfnt'): Promise<Buffer>
  }
  export default fontverter
}

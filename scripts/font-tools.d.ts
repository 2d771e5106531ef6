// subset-font and fontverter ship without types: what scripts/subset-fonts.ts and the font tests use of them.
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
    preserveNameIds?: number[]
    noLayoutClosure?: boolean
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>
}

declare module 'fontverter' {
  export function convert(font: Buffer, to: 'sfnt' | 'woff' | 'woff2' | 'truetype'): Promise<Buffer>
  const fontverter: { convert: typeof convert }
  export default fontverter
}

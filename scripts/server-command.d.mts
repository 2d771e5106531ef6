export function serverNodeFlags(root?: string): string[]

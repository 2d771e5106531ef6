import { expect } from 'vitest'

/**
 * Each input, given to `read`, comes out as the value beside it:
 * `expectReadings(formatClock, { '09:00': '9 AM', '21:30': '9:30 PM' })`.
 * A failure names the input it was given.
 */
export function expectReadings<T>(read: (input: string) => T, readings: Record<string, T>): void {
  for (const [input, output] of Object.entries(readings)) expect(read(input), input).toBe(output)
}

import { describe, expect, it } from 'vitest'

import { cpuMs, growth, MAX_GROWTH_FOR_TENFOLD_INPUT } from '../support/growth'

/**
 * The growth check itself: it must let linear work pass and stop work that
 * grows with the square of its input, or the checks built on it prove nothing.
 */
describe('the growth check', () => {
  const linear = (n: number) => {
    let sum = 0
    for (let i = 0; i < n; i++) sum += i % 7
    return sum
  }
  const quadratic = (n: number) => {
    let sum = 0
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) sum += (i ^ j) & 1
    return sum
  }

  it('lets work that grows with its input pass', () => {
    const small = cpuMs(() => linear(2_000_000))
    const large = cpuMs(() => linear(20_000_000))
    expect(growth(small, large)).toBeLessThan(MAX_GROWTH_FOR_TENFOLD_INPUT)
  })

  it('stops work that grows with the square of its input', () => {
    const small = cpuMs(() => quadratic(3_000), 2)
    const large = cpuMs(() => quadratic(30_000), 2)
    expect(growth(small, large)).toBeGreaterThan(MAX_GROWTH_FOR_TENFOLD_INPUT)
  })

  it('times short work in batches, so a run shorter than the clock can read is not taken as free', () => {
    const runs: number[] = []
    const tiny = cpuMs(() => runs.push(linear(200_000)))
    // The warm-up run, then five batches of many runs each.
    expect(runs.length).toBeGreaterThan(1 + 5 * 2)
    expect(tiny.ms).toBeGreaterThan(0)
    expect(tiny.ms).toBeLessThan(5)
  })

  it('counts a run too small to time as the floor, so noise cannot fake growth', () => {
    expect(growth({ ms: 0.01 }, { ms: 1 })).toBeLessThan(1)
    expect(growth({ ms: 10 }, { ms: 100 })).toBe(10)
  })
})

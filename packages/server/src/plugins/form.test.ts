import { describe, expect, test } from 'vitest'
import { parseForm } from './form.ts'

describe('parseForm', () => {
  test('repeated keys and key[] become arrays', () => {
    expect(parseForm('a=1&b[]=2&b[]=3&c=4&c=5&d[]=6')).toEqual({ a: '1', b: ['2', '3'], c: ['4', '5'], d: ['6'] })
  })

  test('inherited names are own fields holding the posted values, and no prototype changes', () => {
    const form = parseForm('__proto__=x&constructor=y&toString=z&toString=w&valueOf[]=v')
    expect(Object.getPrototypeOf(form)).toBe(Object.prototype)
    expect(Object.keys(form)).toEqual(['__proto__', 'constructor', 'toString', 'valueOf'])
    expect(Object.getOwnPropertyDescriptor(form, '__proto__')?.value).toBe('x')
    expect([form.constructor, form.toString, form.valueOf]).toEqual(['y', ['z', 'w'], ['v']])
    const array = parseForm('__proto__[]=x')
    expect(Object.getPrototypeOf(array)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(array, '__proto__')?.value).toEqual(['x'])
  })
})

import { describe, expect, it } from 'vitest';
import { heightInMetres, heightUnitFactor, isPlausibleHeight, isPlausibleWeight, weightUnitFactor } from './anthropometry.js';

describe('patient height and weight plausibility', () => {
  it('reads a height above 3 m as centimetres, and keeps metres', () => {
    expect(heightInMetres(165)).toBe(1.65);
    expect(heightInMetres(1.65)).toBe(1.65);
    expect(heightInMetres(3)).toBe(3);
  });

  it('accepts a newborn and a tall adult, refuses a slip of units', () => {
    expect(isPlausibleHeight(0.45)).toBe(true);
    expect(isPlausibleHeight(2.1)).toBe(true);
    expect(isPlausibleHeight(16.5)).toBe(false);
    expect(isPlausibleHeight(0.05)).toBe(false);
    expect(isPlausibleWeight(0.8)).toBe(true);
    expect(isPlausibleWeight(180)).toBe(true);
    expect(isPlausibleWeight(6000)).toBe(false);
    expect(isPlausibleWeight(0)).toBe(false);
  });

  it('converts the units of the editable lists by abbreviation, any case', () => {
    expect(heightUnitFactor('cm')).toBe(0.01);
    expect(heightUnitFactor(' M ')).toBe(1);
    expect(weightUnitFactor('g')).toBe(0.001);
    expect(weightUnitFactor('lb')).toBeCloseTo(0.4536, 4);
    expect(weightUnitFactor('stone')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { RISK_LEVELS, ZRiskLevel, riskLevelFromText, riskLevelText } from './risk-level.ts';

describe('riskLevelFromText', () => {
  it('reads the English words admins typed, whatever their case, spacing or hyphens', () => {
    expect(riskLevelFromText('Low')).toBe('low');
    expect(riskLevelFromText('  MEDIUM ')).toBe('medium');
    expect(riskLevelFromText('Moderate')).toBe('medium');
    expect(riskLevelFromText('very-high')).toBe('very_high');
    expect(riskLevelFromText('Very  low')).toBe('very_low');
    expect(riskLevelFromText('very_low')).toBe('very_low');
    expect(riskLevelFromText('HIGH')).toBe('high');
    for (const level of RISK_LEVELS) expect(riskLevelFromText(level)).toBe(level);
  });

  it('names no level for text that spans two or says something else (an admin chooses)', () => {
    expect(riskLevelFromText('Low to medium')).toBeNull();
    expect(riskLevelFromText('Medium-High')).toBeNull();
    expect(riskLevelFromText('Niedrig')).toBeNull();
    expect(riskLevelFromText('')).toBeNull();
  });
});

describe('ZRiskLevel', () => {
  it('takes only the scale and says which values it takes', () => {
    expect(ZRiskLevel.parse('high')).toBe('high');
    expect(ZRiskLevel.safeParse('High').error?.issues[0]?.message).toBe(
      'Choose a risk level: very_low, low, medium, high, very_high',
    );
    expect(ZRiskLevel.safeParse(undefined).error?.issues[0]?.message).toBe('Risk level is required');
  });

  it('reads as English for the legacy API: the label, or the kept text', () => {
    expect(riskLevelText('very_low', null)).toBe('Very low');
    expect(riskLevelText(null, 'Low to medium')).toBe('Low to medium');
  });
});

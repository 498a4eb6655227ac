// The risk scale without zod: the public pages' code (a plan card's risk badge) uses it and no schema;
// the schema is in risk-level.ts.

/** The fixed scale a plan's risk is graded on, lowest first. */
export const RISK_LEVELS = ['very_low', 'low', 'medium', 'high', 'very_high'] as const;

export type TRiskLevel = (typeof RISK_LEVELS)[number];

/** Each level in English: the legacy API's readable risk; the web shows its own translations. */
export const RISK_LEVEL_LABELS: Record<TRiskLevel, string> = {
  very_low: 'Very low',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  very_high: 'Very high',
};

// The words admins typed before the scale (#34): lower case, spaces, hyphens and underscores as one space.
const WORDS: Record<string, TRiskLevel> = {
  'very low': 'very_low',
  verylow: 'very_low',
  minimal: 'very_low',
  lowest: 'very_low',
  low: 'low',
  medium: 'medium',
  med: 'medium',
  mid: 'medium',
  moderate: 'medium',
  average: 'medium',
  high: 'high',
  elevated: 'high',
  'very high': 'very_high',
  veryhigh: 'very_high',
  highest: 'very_high',
  speculative: 'very_high',
};

/**
 * A free-text risk ("Low", "very-high", " MODERATE ") on the scale, or null when it names no one level
 * ("Low to medium" spans two: an admin chooses). The migration 2026_12_02_*_risk_level_scale_s34 keeps a copy.
 */
export function riskLevelFromText(text: string): TRiskLevel | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if ((RISK_LEVELS as readonly string[]).includes(key.replace(/ /g, '_'))) return key.replace(/ /g, '_') as TRiskLevel;
  return WORDS[key] ?? null;
}

/** A plan's risk as readable English: the level's label, or the text kept for an admin to choose from. */
export function riskLevelText(level: TRiskLevel | null, unmapped: string | null): string {
  return level === null ? (unmapped ?? '') : RISK_LEVEL_LABELS[level];
}

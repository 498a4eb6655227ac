import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RISK_LEVELS, type TRiskLevel } from '@vestora/contract';
import { i18n } from '../../i18n';

/** Each level of the risk scale, translated (the contract's RISK_LEVEL_LABELS are the English). */
export const RISK_LEVEL: Record<TRiskLevel, MessageDescriptor> = {
  very_low: msg({ message: 'Very low', context: 'risk level' }),
  low: msg({ message: 'Low', context: 'risk level' }),
  medium: msg({ message: 'Medium', context: 'risk level' }),
  high: msg({ message: 'High', context: 'risk level' }),
  very_high: msg({ message: 'Very high', context: 'risk level' }),
};

/** What a member reads for a plan still waiting for an admin to choose its level (#34). */
const NOT_GRADED = msg({ message: 'Not yet graded', context: 'risk level' });

/**
 * A plan's risk in the language shown: the level's label or, for a plan still waiting for an admin to choose,
 * the old text as it was typed (the server sends it to admins only) or else "Not yet graded" (call while rendering).
 */
export function riskLabel(level: TRiskLevel | null, unmapped?: string | null): string {
  if (level) return i18n._(RISK_LEVEL[level]);
  return unmapped || i18n._(NOT_GRADED);
}

/** The levels for a select, lowest first, named in the language shown (call while rendering). */
export function riskOptions(): { value: TRiskLevel; label: string }[] {
  return RISK_LEVELS.map((value) => ({ value, label: i18n._(RISK_LEVEL[value]) }));
}

/** The badge colour of a level; gray while no level is chosen. */
export function riskPalette(level: TRiskLevel | null | undefined): 'green' | 'teal' | 'orange' | 'red' | 'gray' {
  if (level === 'very_low') return 'green';
  if (level === 'low') return 'teal';
  if (level === 'medium') return 'orange';
  if (level === 'high' || level === 'very_high') return 'red';
  return 'gray';
}

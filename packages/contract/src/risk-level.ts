import { z } from 'zod';
import { say } from './common.ts';
import { tr } from './i18n.ts';
import { RISK_LEVELS } from './risk-scale.ts';

export { RISK_LEVELS, RISK_LEVEL_LABELS, type TRiskLevel, riskLevelFromText, riskLevelText } from './risk-scale.ts';

/** A risk level on the scale (risk-scale.ts), with the form's messages. */
export const ZRiskLevel = z.enum(RISK_LEVELS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? say(() => tr('validation.riskLevelIsRequired', 'Risk level is required')).error()
      : say(() =>
          tr('validation.riskLevelChoose', 'Choose a risk level: {levels}', { levels: RISK_LEVELS.join(', ') }),
        ).error(),
});

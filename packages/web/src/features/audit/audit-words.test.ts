import { afterEach, describe, expect, it } from 'vitest';
import {
  ZAccount,
  ZApproval,
  ZDeposit,
  ZInvestment,
  ZPlan,
  ZRoleRequest,
  ZSiteSettings,
  ZUser,
  ZWithdrawal,
} from '@vestora/contract';
import { activateLocale, loadAppTexts } from '../../i18n';
import { actionWords, fieldWords, hasFieldWords } from './audit-words';

/** The records the server snapshots into the audit log (plans, members, money, settings, approvals). */
const AUDITED = [ZPlan, ZUser, ZDeposit, ZWithdrawal, ZAccount, ZInvestment, ZSiteSettings, ZApproval, ZRoleRequest];
const auditedFields = [...new Set(AUDITED.flatMap((schema) => Object.keys(schema.shape)))];

describe('the audit log in words', () => {
  it('names actions in words, never as raw codes', () => {
    expect(actionWords('plan.create')).toBe('Plan created');
    expect(actionWords('deposit.confirm')).toBe('Deposit confirmed');
    expect(actionWords('withdrawal.approve')).toBe('Withdrawal approved as paid');
    expect(actionWords('withdrawal.reject')).toBe('Withdrawal rejected');
    expect(actionWords('withdrawal.approveCrypto')).toBe('Crypto withdrawal sent (waiting for the network)');
    expect(actionWords('withdrawal.confirmCrypto')).toBe('Crypto withdrawal paid: confirmed by the network');
    expect(actionWords('account.update')).toBe('Deposit account record changed');
    expect(actionWords('user.update')).toBe('User edited');
    expect(actionWords('approval.propose')).toBe('Proposed (waits for a second administrator)');
    expect(actionWords('approval.approve')).toBe('Proposal approved');
    expect(actionWords('auth.sign_in_failed')).toBe('Sign-in failed');
    expect(actionWords('something.new_thing')).toBe('Something new thing');
    for (const code of ['plan.update', 'plan.delete', 'investment.mature', 'session.revoke', 'mail.open']) {
      expect(actionWords(code)).not.toMatch(/[._]/);
    }
  });

  it('names snapshot fields in words', () => {
    expect(fieldWords('accountType')).toBe('Role');
    expect(fieldWords('bankName')).toBe('Bank name');
    expect(fieldWords('investmentPlanName')).toBe('Plan name');
    expect(fieldWords('first_name')).toBe('First name');
  });

  describe('in every language (#34: no field name left in English on a German or Arabic page)', () => {
    afterEach(() => activateLocale('en'));

    it('every field of an audited record has words of its own', () => {
      expect(auditedFields.length).toBeGreaterThan(60);
      expect(auditedFields.filter((f) => !hasFieldWords(f))).toEqual([]);
    });

    it('and they are translated', async () => {
      await loadAppTexts();
      const english = auditedFields.map(fieldWords);
      for (const locale of ['de', 'ar'] as const) {
        await activateLocale(locale);
        const shown = auditedFields.map(fieldWords);
        // A few words are the same in German ("Status"); in Arabic none is.
        const same = auditedFields.filter((f, i) => shown[i] === english[i]);
        if (locale === 'ar') expect(same).toEqual([]);
        else expect(same.length, same.join(', ')).toBeLessThan(4);
      }
      await activateLocale('de');
      expect(fieldWords('bankName')).toBe('Name der Bank');
      expect(fieldWords('riskLevel')).toBe('Risikostufe');
    });
  });
});

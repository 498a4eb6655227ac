import { afterEach, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
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
import { actionWords, entityWords, fieldWords, hasActionWords, hasFieldWords, valueWords } from './audit-words';

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

  it('names known values in words and keeps the others as recorded (#34)', () => {
    const words = (field: string, value: unknown, entity?: string) => valueWords(field, value, entity);
    expect(words('status', 'pending', 'withdrawal')).toEqual({ text: 'Pending review', raw: false });
    expect(words('status', 'approved', 'withdrawal').text).toBe('Approved: waiting for the payment file');
    expect(words('status', 'confirmed', 'deposit').text).toBe('Confirmed');
    expect(words('status', 'redeemed', 'investment').text).toBe('Redeemed early');
    expect(words('status', 'paused', 'plan').text).toBe('Paused');
    // A status of a record without words of its own, or of no known record, stays as it is.
    expect(words('status', 'approved', 'approval')).toEqual({ text: 'approved', raw: true });
    expect(words('status', 'pending')).toEqual({ text: 'pending', raw: true });
    expect(words('method', 'crypto').text).toBe('Cryptocurrency');
    expect(words('method', 'bank').text).toBe('Bank Transfer');
    expect(words('riskLevel', 'very_low')).toEqual({ text: 'Very low', raw: false });
    expect(words('payoutFrequency', 'semi_annually').text).toBe('Semi-annually');
    expect(words('accountType', 'admin').text).toBe('Administrator');
    expect(words('accountType', 'user').text).toBe('Member');
    expect(words('earlyExitAllowed', true).text).toBe('Yes');
    expect(words('twoFactorEnabled', false).text).toBe('No');
    expect(words('riskLevel', null)).toEqual({ text: '(nothing)', raw: false });
    expect(words('riskLevel', undefined)).toEqual({ text: '—', raw: false });
    expect(words('capacityCents', 123_450).text).toBe('$1,234.50');
    // Unknown codes, amounts not in cents, names and objects stay as recorded, marked raw.
    expect(words('riskLevel', 'Low to medium')).toEqual({ text: 'Low to medium', raw: true });
    expect(words('method', 'constructor')).toEqual({ text: 'constructor', raw: true });
    expect(words('status', 'toString', 'plan')).toEqual({ text: 'toString', raw: true });
    expect(words('amount', 1500)).toEqual({ text: '1500', raw: true });
    expect(words('investmentPlanName', 'Silver')).toEqual({ text: 'Silver', raw: true });
    expect(words('change', { a: 1 })).toEqual({ text: '{"a":1}', raw: true });
  });

  describe('in every language (#34: no field name left in English on a German or Arabic page)', () => {
    afterEach(() => activateLocale('en'));

    it('every action the server records has words of its own, translated (#34: "Site update settings")', async () => {
      expect(AUDIT_ACTIONS.length).toBeGreaterThan(70);
      expect(AUDIT_ACTIONS.filter((a) => !hasActionWords(a))).toEqual([]);
      expect(hasActionWords('something.new_thing')).toBe(false);
      expect(actionWords('site.update_settings')).toBe('Site settings changed');
      expect(actionWords('withdrawal.approveForBank')).toBe('Withdrawal approved: waits for the payment file');
      expect(actionWords('statement.apply_settle')).toBe('Statement line showed a payout paid');
      const english = AUDIT_ACTIONS.map(actionWords);
      expect(english.filter((w) => /[._]|[a-z][A-Z]/.test(w))).toEqual([]);
      await loadAppTexts();
      for (const locale of ['de', 'es', 'pt-BR', 'ar'] as const) {
        await activateLocale(locale);
        const shown = AUDIT_ACTIONS.map(actionWords);
        expect(
          AUDIT_ACTIONS.filter((_, i) => shown[i] === english[i]),
          locale,
        ).toEqual([]);
      }
      await activateLocale('de');
      expect(actionWords('site.update_settings')).toBe('Website-Einstellungen geändert');
      await activateLocale('ar');
      expect(actionWords('site.update_settings')).toBe('تغيّرت إعدادات الموقع');
    });

    it('every kind of record an entry is about has words, translated', async () => {
      expect(entityWords('statement_line')).toBe('Statement line');
      expect(entityWords('site_settings')).toBe('Site settings');
      const english = AUDIT_ENTITY_TYPES.map(entityWords);
      await loadAppTexts();
      for (const locale of ['de', 'es', 'pt-BR', 'ar'] as const) {
        await activateLocale(locale);
        const shown = AUDIT_ENTITY_TYPES.map(entityWords);
        // "Plan" is a plan in German and Spanish too.
        const same = AUDIT_ENTITY_TYPES.filter((_, i) => shown[i] === english[i]);
        expect(same, locale).toEqual(locale === 'de' || locale === 'es' ? ['plan'] : []);
      }
    });

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

    it('and so are the values', async () => {
      await loadAppTexts();
      const values: [string, unknown, string?][] = [
        ['status', 'pending', 'withdrawal'],
        ['status', 'paused', 'plan'],
        ['status', 'matured', 'investment'],
        ['method', 'crypto'],
        ['riskLevel', 'very_low'],
        ['accountType', 'admin'],
        ['accountType', 'user'],
        ['earlyExitAllowed', true],
        ['earlyExitAllowed', false],
        ['riskLevel', null],
      ];
      const english = values.map(([f, v, e]) => valueWords(f, v, e).text);
      for (const locale of ['de', 'es', 'pt-BR', 'ar'] as const) {
        await activateLocale(locale);
        const shown = values.map(([f, v, e]) => valueWords(f, v, e).text);
        // A few words are the same ("Administrator" in German, "No" in Spanish); in Arabic none is.
        const same = values.filter((_, i) => shown[i] === english[i]).map(([, v]) => String(v));
        if (locale === 'ar') expect(same).toEqual([]);
        else expect(same.length, same.join(', ')).toBeLessThan(2);
      }
      await activateLocale('de');
      expect(valueWords('riskLevel', 'very_low').text).toBe('Sehr niedrig');
      expect(valueWords('earlyExitAllowed', true).text).toBe('Ja');
    });
  });
});
